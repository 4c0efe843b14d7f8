package dev.zksim.official.testkit;

import dev.zksim.testkit.HolderEvents;
import java.util.concurrent.CountDownLatch;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderSelector;
import org.apache.curator.framework.recipes.leader.LeaderSelectorListenerAdapter;
import org.apache.curator.framework.state.ConnectionState;

/**
 * One LeaderSelector candidate, as LeaderSelector's documentation tells an application to
 * write it: it leads while {@code takeLeadership} runs (here until it is interrupted), and
 * {@link LeaderSelectorListenerAdapter} cancels leadership on SUSPENDED and LOST, which
 * interrupts {@code takeLeadership}. It requeues itself, so it leads again later. A new
 * selector is made for every start, since a closed LeaderSelector cannot start again.
 */
final class SelectorCandidate implements OfficialElection {
    private final CuratorFramework curator;
    private final String path;
    private final HolderEvents events;
    private LeaderSelector selector;

    SelectorCandidate(CuratorFramework curator, String path, HolderEvents events) {
        this.curator = curator;
        this.path = path;
        this.events = events;
    }

    /**
     * Enters the election with a new selector, unless this candidate's selector is still
     * running: after {@code Expired} the testkit enters again, but an auto-requeued selector
     * has already queued itself on the new session.
     */
    @Override
    public void start() {
        if (selector != null) {
            return;
        }
        LeaderSelector fresh = new LeaderSelector(curator, path, new Listener());
        fresh.autoRequeue();
        selector = fresh;
        fresh.start();
    }

    @Override
    public void stop() {
        LeaderSelector closing = selector;
        selector = null;
        if (closing != null) {
            closing.close();
        }
    }

    /** Leads until interrupted; SUSPENDED ends the belief before the interrupt does. */
    private final class Listener extends LeaderSelectorListenerAdapter {
        @Override
        public void takeLeadership(CuratorFramework client) throws Exception {
            events.held(0);
            try {
                // Lead until LeaderSelector interrupts this thread (cancelled, or closed).
                new CountDownLatch(1).await();
            } finally {
                events.lost();
            }
        }

        @Override
        public void stateChanged(CuratorFramework client, ConnectionState newState) {
            if (client.getConnectionStateErrorPolicy().isErrorState(newState)) {
                events.suspended();
            }
            super.stateChanged(client, newState);
        }
    }
}
