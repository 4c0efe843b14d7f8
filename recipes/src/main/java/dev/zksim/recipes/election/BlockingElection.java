package dev.zksim.recipes.election;

import dev.zksim.recipes.support.BlockingAwait;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * A blocking facade over {@link LeaderElection}, for use against a REAL ZooKeeper only: it
 * parks the calling thread, which inside a simulation would stop the one thread that runs
 * everything.
 */
public final class BlockingElection {
    private final LeaderElection election;

    public BlockingElection(LeaderElection election) {
        this.election = election;
    }

    /**
     * Enters the election and waits up to the timeout to lead. On timeout the candidate stays
     * in the election (a follower is useful too); call {@link #stop} to withdraw.
     */
    public ElectionState.Leading awaitLeadership(Duration timeout)
            throws TimeoutException, InterruptedException, ExecutionException {
        return BlockingAwait.get(election.start(), timeout);
    }

    public void stop(Duration timeout) throws TimeoutException, InterruptedException, ExecutionException {
        BlockingAwait.get(election.stop(), timeout);
    }
}
