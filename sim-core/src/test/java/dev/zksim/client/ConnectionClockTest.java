package dev.zksim.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.client.ConnectionClock.Due;
import dev.zksim.client.ConnectionClock.Situation;
import dev.zksim.kernel.Time;
import org.junit.jupiter.api.Test;

class ConnectionClockTest {
    private static final Situation CONNECTED = new Situation(true, true, true, 30_000, 3, 10_000);
    private static final Situation CONNECTING = new Situation(true, false, true, 30_000, 3, 10_000);
    private static final Situation SLEEPING = new Situation(false, false, true, 30_000, 3, 10_000);
    private final ConnectionClock clock = new ConnectionClock();

    @Test
    void whileConnectedPingComesFirstThenTheReadTimeout() {
        clock.received(0);
        clock.sent(0);
        assertThat(clock.nextDeadline(CONNECTED)).isEqualTo(Time.seconds(9));
        assertThat(clock.due(Time.seconds(9) - 1, CONNECTED)).isEqualTo(Due.NOTHING);
        assertThat(clock.due(Time.seconds(9), CONNECTED)).isEqualTo(Due.PING);
        clock.sent(Time.seconds(9));
        clock.sent(Time.seconds(18));
        assertThat(clock.nextDeadline(CONNECTED)).isEqualTo(Time.seconds(20));
        assertThat(clock.due(Time.seconds(20), CONNECTED)).isEqualTo(Due.READ_TIMEOUT);
    }

    @Test
    void whileConnectingTheConnectTimeoutIsTheTimeoutPerServer() {
        clock.received(0);
        clock.attemptStarted(Time.seconds(25));
        assertThat(clock.nextDeadline(CONNECTING)).isEqualTo(Time.seconds(35));
        assertThat(clock.due(Time.seconds(35), CONNECTING)).isEqualTo(Due.CONNECT_TIMEOUT);
    }

    @Test
    void expiryWinsOverEverythingAndRunsEvenWithoutAConnection() {
        clock.received(0);
        assertThat(clock.nextDeadline(SLEEPING)).isEqualTo(Time.seconds(40));
        assertThat(clock.due(Time.seconds(40) - 1, SLEEPING)).isEqualTo(Due.NOTHING);
        assertThat(clock.due(Time.seconds(40), SLEEPING)).isEqualTo(Due.EXPIRE);
        assertThat(clock.due(Time.seconds(40), CONNECTED)).isEqualTo(Due.EXPIRE);
        Situation noSession = new Situation(false, false, false, 30_000, 3, 10_000);
        assertThat(clock.nextDeadline(noSession)).isEqualTo(Long.MAX_VALUE);
        assertThat(clock.due(Time.seconds(400), noSession)).isEqualTo(Due.NOTHING);
    }
}
