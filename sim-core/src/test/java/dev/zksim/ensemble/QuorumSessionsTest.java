package dev.zksim.ensemble;

import static dev.zksim.ensemble.QuorumHarness.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.server.ServerEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sessions and watches across a quorum: owner-independent watches, expiry by the leader only, re-arming. */
class QuorumSessionsTest {

    @Test
    void aWatchSetOnOneServerFiresForAWriteThroughAnother() {
        QuorumHarness h = new QuorumHarness(21, 3);
        String leader = h.awaitServing(Time.seconds(10));
        String follower = h.follower();
        QuorumHarness.Client watcher = h.client(follower);
        QuorumHarness.Client writer = h.client(leader);
        List<WatchedEvent> fired = new ArrayList<>();
        assertThat(h.await(watcher.zk.exists("/w", fired::add))).isNull();
        h.await(writer.zk.create("/w", bytes("1"), CreateMode.PERSISTENT));
        h.ensemble.runFor(Time.millis(200));
        assertThat(fired).extracting(WatchedEvent::type).containsExactly(EventType.NodeCreated);
        h.await(watcher.zk.getData("/w", fired::add));
        QuorumHarness.Client third = h.client(h.ensemble.serverIds().getLast().equals(follower) ? leader
                : h.ensemble.serverIds().getLast());
        h.await(third.zk.setData("/w", bytes("2"), -1));
        h.ensemble.runFor(Time.millis(200));
        assertThat(fired).extracting(WatchedEvent::type).containsExactly(EventType.NodeCreated, EventType.NodeDataChanged);
    }

    @Test
    void aSessionCreatedOnAFollowerSurvivesThatFollowersCrash() {
        QuorumHarness h = new QuorumHarness(22, 5);
        String leader = h.awaitServing(Time.seconds(10));
        List<String> followers = new ArrayList<>(h.ensemble.serverIds());
        followers.remove(leader);
        QuorumHarness.Client client = h.client(followers.get(0), followers.get(1));
        String first = client.zk.currentServer();
        long session = client.zk.sessionId();
        assertThat(session >>> 56).isEqualTo(Long.parseLong(first.substring(1)));
        h.await(client.zk.create("/eph", bytes("x"), CreateMode.EPHEMERAL));
        h.ensemble.faults().crash(first);
        h.ensemble.runFor(Time.seconds(9));
        assertThat(client.zk.currentServer()).isNotEqualTo(first);
        assertThat(client.zk.sessionId()).isEqualTo(session);
        assertThat(client.events).contains(WatchedEvent.session(KeeperState.Disconnected))
                .doesNotContain(WatchedEvent.session(KeeperState.Expired));
        assertThat(client.events.getLast()).isEqualTo(WatchedEvent.session(KeeperState.SyncConnected));
        assertThat(h.await(client.zk.getData("/eph", false)).stat().ephemeralOwner()).isEqualTo(session);
        h.ensemble.runFor(Time.seconds(30));
        assertThat(h.await(client.zk.exists("/eph", false))).as("touches via a follower keep the session").isNotNull();
    }

    @Test
    void onlyTheLeaderExpiresSessionsAndANewLeaderReArmsThemWithAFullTimeout() {
        QuorumHarness h = new QuorumHarness(23, 3);
        String leader = h.awaitServing(Time.seconds(10));
        String follower = h.follower();
        List<TraceRecord> expiries = new ArrayList<>();
        h.ensemble.simulation().trace().addSink(record -> {
            if (record.event() instanceof ServerEvent.SessionExpired) {
                expiries.add(record);
            }
        });
        QuorumHarness.Client survivor = h.client(follower);
        QuorumHarness.Client doomed = h.client(follower);
        h.await(survivor.zk.create("/alive", null, CreateMode.EPHEMERAL));
        h.await(doomed.zk.create("/doomed", null, CreateMode.EPHEMERAL));
        doomed.process.crash();
        h.ensemble.faults().crash(leader);
        String newLeader = h.awaitNewLeader(leader, Time.seconds(10));
        long established = h.ensemble.simulation().now();
        // Re-armed with a full 10 s timeout from the new term: still there after 8 s.
        h.ensemble.runFor(Time.seconds(8) - (h.ensemble.simulation().now() - established));
        assertThat(h.server(newLeader).database().tree().exists("/doomed")).isTrue();
        h.ensemble.runFor(Time.seconds(6));
        assertThat(h.server(newLeader).database().tree().exists("/doomed")).isFalse();
        assertThat(expiries).isNotEmpty().allSatisfy(record -> assertThat(record.process()).isEqualTo(newLeader));
        assertThat(survivor.events).doesNotContain(WatchedEvent.session(KeeperState.Expired));
        assertThat(h.await(survivor.zk.exists("/alive", false))).as("the session survived the leader change").isNotNull();
        assertThat(h.server(h.follower()).faults().expireSession(survivor.zk.sessionId())).as("a follower never expires")
                .isFalse();
        assertThat(h.server(newLeader).faults().expireSession(survivor.zk.sessionId())).isTrue();
        h.ensemble.runFor(Time.seconds(2));
        assertThat(survivor.events).contains(WatchedEvent.session(KeeperState.Expired));
        List<WatchedEvent> c1Events = new ArrayList<>();
        h.ensemble.addClient(new ClientProgram() {
            @Override
            public void started(ClientContext context, dev.zksim.api.ZooKeeperClient zk) {
            }

            @Override
            public void process(WatchedEvent event) {
                c1Events.add(event);
            }
        });
        h.ensemble.runFor(Time.seconds(1));
        assertThat(h.ensemble.faults().expireSession("c1")).as("the ensemble expires through leader()").isTrue();
        h.ensemble.runFor(Time.seconds(2));
        assertThat(c1Events).contains(WatchedEvent.session(KeeperState.Expired));
        h.ensemble.zabInvariants().assertHolds();
    }
}
