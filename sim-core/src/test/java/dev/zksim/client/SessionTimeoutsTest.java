package dev.zksim.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionTimeoutsTest {

    @Test
    void readConnectAndExpirationTimeoutsAreTwoThirdsPerServerAndFourThirds() {
        assertThat(SessionTimeouts.readTimeout(30_000)).isEqualTo(Time.millis(20_000));
        assertThat(SessionTimeouts.readTimeout(10_000)).isEqualTo(Time.millis(6_666));
        assertThat(SessionTimeouts.connectTimeout(30_000, 3)).isEqualTo(Time.millis(10_000));
        assertThat(SessionTimeouts.expirationTimeout(30_000)).isEqualTo(Time.millis(40_000));
    }

    @Test
    void pingIdleFollowsZooKeepersRule() {
        // 30 s: readTimeout 20 s, half 10 s, minus the 1 s slack once idle exceeds 1 s.
        assertThat(SessionTimeouts.pingIdle(30_000, 10_000)).isEqualTo(Time.millis(9_000));
        // 6 s: half of 4 s is 2 s, minus 1 s gives 1 s, but the slack needs idle > 1000 ms.
        assertThat(SessionTimeouts.pingIdle(6_000, 10_000)).isEqualTo(Time.millis(1_001));
        // 3 s: half of 2 s is 1 s, reached before the slack applies.
        assertThat(SessionTimeouts.pingIdle(3_000, 10_000)).isEqualTo(Time.millis(1_000));
        // 60 s: the 10 s maximum idle interval wins (strictly more than 10 s).
        assertThat(SessionTimeouts.pingIdle(60_000, 10_000)).isEqualTo(Time.millis(10_001));
    }

    @Test
    void hostProviderShufflesOnceThenCyclesAndAsksForBackoffAfterAFullFailedCycle() {
        HostProvider hosts = new HostProvider(List.of("a", "b", "c", "d"), new SeededChoices(7).stream("hosts"));
        List<String> order = hosts.order();
        assertThat(order).containsExactlyInAnyOrder("a", "b", "c", "d");

        List<HostProvider.Pick> picks = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            picks.add(hosts.next());
        }
        for (int i = 0; i < 9; i++) {
            assertThat(picks.get(i).server()).isEqualTo(order.get(i % 4));
            assertThat(picks.get(i).fullCycle()).as("pick %d", i).isEqualTo(i == 4 || i == 8);
        }
    }

    @Test
    void afterASuccessTheBackoffComesWhenTheCycleReturnsToThatServer() {
        HostProvider hosts = new HostProvider(List.of("a", "b", "c"), new SeededChoices(1).stream("hosts"));
        hosts.next();
        hosts.next();
        hosts.onConnected();
        assertThat(hosts.next().fullCycle()).isFalse();
        assertThat(hosts.next().fullCycle()).isFalse();
        HostProvider.Pick back = hosts.next();
        assertThat(back.server()).isEqualTo(hosts.order().get(1));
        assertThat(back.fullCycle()).isTrue();
    }

    @Test
    void theShuffleDependsOnTheSeed() {
        List<String> servers = List.of("s1", "s2", "s3", "s4", "s5");
        List<List<String>> orders = new ArrayList<>();
        for (long seed = 0; seed < 20; seed++) {
            orders.add(new HostProvider(servers, new SeededChoices(seed).stream("hosts")).order());
        }
        assertThat(orders.stream().distinct().count()).isGreaterThan(5);
        assertThat(new HostProvider(servers, new SeededChoices(3).stream("hosts")).order()).isEqualTo(orders.get(3));
    }
}
