package dev.zksim.official.testkit;

import dev.zksim.testkit.HolderEvents;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.zookeeper.data.Stat;

/**
 * One LeaderLatch candidate, reporting as LeaderLatch's documentation tells an application to
 * behave: it leads from {@code isLeader} until {@code notLeader}, stops acting as leader on
 * SUSPENDED (and LOST), and leads again after RECONNECTED only once the latch says it has
 * leadership. Its epoch is the czxid of its latch node. A new latch is made for every start,
 * since a closed LeaderLatch cannot start again.
 */
final class LatchCandidate implements OfficialElection {
    private final CuratorFramework curator;
    private final String path;
    private final HolderEvents events;
    private LeaderLatch latch;

    LatchCandidate(CuratorFramework curator, String path, HolderEvents events) {
        this.curator = curator;
        this.path = path;
        this.events = events;
        curator.getConnectionStateListenable().addListener(new Connection());
    }

    @Override
    public void start() throws Exception {
        LeaderLatch fresh = new LeaderLatch(curator, path);
        latch = fresh;
        fresh.addListener(new LeaderLatchListener() {
            @Override
            public void isLeader() {
                if (latch == fresh) {
                    events.held(epoch(fresh));
                }
            }

            @Override
            public void notLeader() {
                if (latch == fresh) {
                    events.lost();
                }
            }
        });
        fresh.start();
    }

    @Override
    public void stop() throws Exception {
        LeaderLatch closing = latch;
        latch = null;
        if (closing != null) {
            closing.close(LeaderLatch.CloseMode.SILENT);
        }
    }

    /** The czxid of the latch's node: it grows with every new candidacy, as an epoch must. */
    private long epoch(LeaderLatch leading) {
        try {
            String ours = leading.getOurPath();
            Stat stat = ours == null ? null : curator.checkExists().forPath(ours);
            return stat == null ? 0 : stat.getCzxid();
        } catch (Exception e) {
            return 0;
        }
    }

    /** SUSPENDED and LOST end the belief; RECONNECTED restores it if the latch still leads. */
    private final class Connection implements ConnectionStateListener {
        @Override
        public void stateChanged(CuratorFramework client, ConnectionState state) {
            LeaderLatch current = latch;
            if (current == null) {
                return;
            }
            if (state == ConnectionState.SUSPENDED || state == ConnectionState.LOST) {
                events.suspended();
            } else if (state == ConnectionState.RECONNECTED && current.hasLeadership()) {
                events.held(epoch(current));
            }
        }
    }
}
