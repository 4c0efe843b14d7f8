package dev.zksim.official.testkit;

import dev.zksim.testkit.HolderEvents;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;

/**
 * One LeaderLatch candidate, reporting as LeaderLatch's documentation tells an application to
 * behave: it leads from {@code isLeader} until {@code notLeader}, stops acting as leader on
 * SUSPENDED (and LOST), and leads again after RECONNECTED only once the latch says it has
 * leadership. A new latch is made for every start after a stop, since a closed LeaderLatch
 * cannot start again.
 *
 * <p>It reports no fencing token (0). The listeners run on Curator's threads (isLeader on the
 * handle's event thread), and a blocking read there to learn the node's czxid holds that thread:
 * Curator then hears {@code Expired} only after the read's retries run out, and leads all that
 * time on a session that is gone. zksim caught exactly that zombie in this adapter.
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

    /**
     * Enters the election with a new latch, unless this candidate's latch is still running: the
     * testkit enters again after {@code Expired}, but a LeaderLatch rejoins by itself on the new
     * session, and a second latch would queue behind the first one's node for good.
     */
    @Override
    public void start() throws Exception {
        if (latch != null) {
            return;
        }
        LeaderLatch fresh = new LeaderLatch(curator, path);
        latch = fresh;
        fresh.addListener(new LeaderLatchListener() {
            @Override
            public void isLeader() {
                if (latch == fresh) {
                    events.held(0);
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
                events.held(0);
            }
        }
    }
}
