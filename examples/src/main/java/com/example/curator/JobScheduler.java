package com.example.curator;

import java.io.Closeable;
import java.io.IOException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.apache.curator.framework.state.ConnectionState;

/**
 * A job scheduler node: every node runs one, a LeaderLatch elects which one schedules, and
 * the schedule is {@link Listener#leading} to {@link Listener#stopped}.
 *
 * <p>The careful variant follows LeaderLatch's documentation: it stops scheduling at
 * {@code notLeader} and whenever the connection is SUSPENDED or LOST, and after RECONNECTED
 * goes on only if {@link LeaderLatch#hasLeadership()} says so. The {@code careless} variant
 * is the common misuse: it remembers that it became leader and stops only once Curator reports
 * the session LOST, so it keeps scheduling through SUSPENDED while another node may lead.
 */
public final class JobScheduler implements Closeable {

    /** What the scheduler tells its host: when it starts and stops scheduling. */
    public interface Listener {
        void leading();

        void stopped();
    }

    private final CuratorFramework curator;
    private final LeaderLatch latch;
    private final Listener listener;
    private final boolean careful;
    private boolean scheduling;

    public JobScheduler(CuratorFramework curator, String path, String nodeName, boolean careful, Listener listener) {
        this.curator = curator;
        this.latch = new LeaderLatch(curator, path, nodeName);
        this.listener = listener;
        this.careful = careful;
    }

    /** Joins the election; scheduling starts when this node leads. */
    public void start() throws Exception {
        latch.addListener(new LeaderLatchListener() {
            @Override
            public void isLeader() {
                startScheduling();
            }

            @Override
            public void notLeader() {
                if (careful) {
                    stopScheduling();
                }
            }
        });
        curator.getConnectionStateListenable().addListener((client, state) -> connectionChanged(state));
        latch.start();
    }

    private synchronized void connectionChanged(ConnectionState state) {
        if (state == ConnectionState.LOST || (careful && state == ConnectionState.SUSPENDED)) {
            stopScheduling();
        } else if (careful && state == ConnectionState.RECONNECTED && latch.hasLeadership()) {
            startScheduling();
        }
    }

    private synchronized void startScheduling() {
        if (!scheduling) {
            scheduling = true;
            listener.leading();
        }
    }

    private synchronized void stopScheduling() {
        if (scheduling) {
            scheduling = false;
            listener.stopped();
        }
    }

    /** The latch node of this node's candidacy, e.g. for a fencing check. */
    public String candidacyPath() {
        return latch.getOurPath();
    }

    /** Leaves the election and stops scheduling. */
    @Override
    public void close() throws IOException {
        latch.close(LeaderLatch.CloseMode.SILENT);
        synchronized (this) {
            scheduling = false;
        }
    }
}
