package dev.zksim.official.testkit;

import dev.zksim.testkit.DoubleBarrierUnderTest;
import java.util.concurrent.CompletionStage;
import org.apache.curator.framework.recipes.barriers.DistributedDoubleBarrier;

/**
 * One participant of a Curator {@code DistributedDoubleBarrier} as the testkit's double
 * barrier: {@code enter} and {@code leave} block as Curator's do, each on a simulated thread
 * of the participant's client, one after the other. The same Curator object serves every
 * enter of the participant, also after a new session, since its node name is fixed when it
 * is built.
 *
 * <p>A give-up is not passed on ({@code cancelEnter} keeps the contract's default, so the
 * enter goes on): Curator has no way to withdraw an arrival. A timed {@code enter} that
 * returns false, like an interrupted one, leaves the participant's node in place, and the
 * others go on counting it as arrived.
 */
final class CuratorDoubleBarrier implements DoubleBarrierUnderTest {
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final String path;
    private final int participants;
    private DistributedDoubleBarrier barrier;

    CuratorDoubleBarrier(SimulatedClient client, String path, int participants) {
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.path = path;
        this.participants = participants;
    }

    @Override
    public CompletionStage<Void> enter() {
        return calls.then("enter", () -> {
            barrier().enter();
            return null;
        });
    }

    @Override
    public CompletionStage<Void> leave() {
        return calls.then("leave", () -> {
            barrier().leave();
            return null;
        });
    }

    private DistributedDoubleBarrier barrier() {
        if (barrier == null) {
            barrier = new DistributedDoubleBarrier(curator.get(), path, participants);
        }
        return barrier;
    }
}
