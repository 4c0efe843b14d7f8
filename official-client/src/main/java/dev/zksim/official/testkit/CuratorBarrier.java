package dev.zksim.official.testkit;

import dev.zksim.testkit.BarrierUnderTest;
import java.util.concurrent.CompletionStage;
import org.apache.curator.framework.recipes.barriers.DistributedBarrier;
import org.apache.zookeeper.KeeperException;

/**
 * One party of a Curator {@code DistributedBarrier} as the testkit's barrier: the coordinator
 * raises it with {@code setBarrier} and lifts it with {@code removeBarrier}, a waiter blocks in
 * {@code waitOnBarrier}. Curator has no call that only looks at the barrier, so
 * {@link #isRaised} asks for the node the way the recipe itself does ({@code checkExists}).
 * Every call runs on a simulated thread of the party's client, one after the other.
 *
 * <p>Raising, lifting and waiting are each tried again, a second later, when they fail with an
 * error that Curator's own retry loop retries (connection loss, operation timeout, session
 * moved or expired: the connection stayed down through its retries), as a coordinator that
 * must lift the barrier, and a waiter that must pass it, do: all three are idempotent.
 */
final class CuratorBarrier implements BarrierUnderTest {
    private static final long RETRY_MILLIS = 1000;

    private final SimulatedClient client;
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final String path;
    private DistributedBarrier barrier;

    CuratorBarrier(SimulatedClient client, String path) {
        this.client = client;
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.path = path;
    }

    @Override
    public CompletionStage<Void> raise() {
        return calls.then("raise", () -> {
            untilDone(() -> barrier().setBarrier());
            return null;
        });
    }

    @Override
    public CompletionStage<Void> lift() {
        return calls.then("lift", () -> {
            untilDone(() -> barrier().removeBarrier());
            return null;
        });
    }

    @Override
    public CompletionStage<Boolean> isRaised() {
        return calls.then("is-raised", () -> curator.get().checkExists().forPath(path) != null);
    }

    @Override
    public CompletionStage<Void> awaitLifted() {
        return calls.then("wait", () -> {
            untilDone(() -> barrier().waitOnBarrier());
            return null;
        });
    }

    /** One of the barrier's idempotent calls. */
    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    private void untilDone(Step step) throws Exception {
        while (true) {
            try {
                step.run();
                return;
            } catch (Exception e) {
                if (!isRetryable(e)) {
                    throw e;
                }
                client.sleep(RETRY_MILLIS);
            }
        }
    }

    /** The codes Curator's {@code RetryLoopImpl.shouldRetry} retries (it is not public API). */
    private static boolean isRetryable(Exception e) {
        return e instanceof KeeperException keeper && switch (keeper.code()) {
            case CONNECTIONLOSS, OPERATIONTIMEOUT, SESSIONMOVED, SESSIONEXPIRED -> true;
            default -> false;
        };
    }

    private DistributedBarrier barrier() {
        if (barrier == null) {
            barrier = new DistributedBarrier(curator.get(), path);
        }
        return barrier;
    }
}
