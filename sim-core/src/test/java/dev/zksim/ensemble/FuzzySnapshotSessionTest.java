package dev.zksim.ensemble;

import static dev.zksim.ensemble.QuorumHarness.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.CreateMode;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.zab.KnownBug;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * ZOOKEEPER-3144 on a whole ensemble: every server snapshots after every txn, so each takes
 * a snapshot right after the client's createSession. A server crashed then misses the
 * client's ephemeral and gets it by DIFF after its restart from that snapshot. With the flag
 * the snapshot lacks the session, so the restarted server holds an ephemeral of a session it
 * does not know; without it (3.9.5) the snapshot holds the session.
 */
class FuzzySnapshotSessionTest {

    /** Returns the restarted server's id after the ephemeral reached it. */
    private static String restartFromTheSnapshotAfterCreateSession(QuorumHarness h) {
        String leader = h.awaitServing(Time.seconds(10));
        String connectedTo = leader.equals("s1") ? "s2" : "s1";
        String crashed = h.ensemble.serverIds().stream().filter(id -> !id.equals(leader) && !id.equals(connectedTo))
                .findFirst().orElseThrow();
        QuorumHarness.Client client = h.client(connectedTo);
        SimProcess process = h.ensemble.serverProcess(crashed);
        process.crash();
        h.await(client.zk.create("/eph", bytes("x"), CreateMode.EPHEMERAL));
        process.start();
        h.awaitServing(Time.seconds(10));
        h.ensemble.runFor(Time.millis(500));
        return crashed;
    }

    private static QuorumHarness ensemble(Set<KnownBug> bugs) {
        return new QuorumHarness(4, 3, config -> config.withSnapCount(1).withBugs(bugs));
    }

    @Test
    void withoutTheFlagTheRestartedServerKnowsTheEphemeralsOwner() {
        QuorumHarness h = ensemble(KnownBug.NONE);
        String restarted = restartFromTheSnapshotAfterCreateSession(h);

        h.ensemble.checks().verifyNow();
        assertThat(h.server(restarted).database().tree().sessionsWithEphemerals())
                .allMatch(owner -> h.server(restarted).database().hasSession(owner)).isNotEmpty();
    }

    @Test
    void withZookeeper3144TheRestartedServerHoldsAnEphemeralOfASessionItLacks() {
        QuorumHarness h = ensemble(EnumSet.of(KnownBug.ZK_3144));

        assertThatThrownBy(() -> {
            restartFromTheSnapshotAfterCreateSession(h);
            h.ensemble.checks().verifyNow();
        }).isInstanceOf(SimulationFailure.class).hasMessageContaining("holds ephemerals [/eph] of session");
    }
}
