package dev.zksim.official.testkit;

import dev.zksim.testkit.BarrierUnderTest;
import java.util.concurrent.CompletionStage;
import org.apache.curator.framework.recipes.barriers.DistributedBarrier;

/**
 * One party of a Curator {@code DistributedBarrier} as the testkit's barrier: the coordinator
 * raises it with {@code setBarrier} and lifts it with {@code removeBarrier}, a waiter blocks in
 * {@code waitOnBarrier}. Curator has no call that only looks at the barrier, so
 * {@link #isRaised} asks for the node the way the recipe itself does ({@code checkExists}).
 * Every call runs on a simulated thread of the party's client, one after the other.
 */
final class CuratorBarrier implements BarrierUnderTest {
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final String path;
    private DistributedBarrier barrier;

    CuratorBarrier(SimulatedClient client, String path) {
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.path = path;
    }

    @Override
    public CompletionStage<Void> raise() {
        return calls.then("raise", () -> {
            barrier().setBarrier();
            return null;
        });
    }

    @Override
    public CompletionStage<Void> lift() {
        return calls.then("lift", () -> {
            barrier().removeBarrier();
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
            barrier().waitOnBarrier();
            return null;
        });
    }

    private DistributedBarrier barrier() {
        if (barrier == null) {
            barrier = new DistributedBarrier(curator.get(), path);
        }
        return barrier;
    }
}
