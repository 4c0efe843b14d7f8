package dev.zksim.official.testkit;

import dev.zksim.testkit.DoubleBarrierUnderTest;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionStage;
import org.apache.curator.framework.recipes.barriers.DistributedDoubleBarrier;

/**
 * One participant of a Curator {@code DistributedDoubleBarrier} as the testkit's double
 * barrier: {@code enter} and {@code leave} block as Curator's do, each on a simulated thread
 * of the participant's client, one after the other. The same Curator object serves every
 * enter of the participant, also after a new session, since its node name is fixed when it
 * is built.
 *
 * <p>A give-up ({@link #cancelEnter}) interrupts the waiting enter, as a caller that times out
 * or cancels its task does, and the enter then completes with a {@link CancellationException}.
 * Curator does not withdraw the arrival: the participant's node stays (as it does after a
 * timed {@code enter} that returns false), the others go on counting it, and an enter on the
 * same object fails with {@code NodeExists} while the node is there. Scenarios whose
 * participants give up catch that; {@code noGiveUps()} leaves give-ups out.
 */
final class CuratorDoubleBarrier implements DoubleBarrierUnderTest {
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final String path;
    private final int participants;
    private DistributedDoubleBarrier barrier;
    private boolean giveUpAsked;

    CuratorDoubleBarrier(SimulatedClient client, String path, int participants) {
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.path = path;
        this.participants = participants;
    }

    @Override
    public CompletionStage<Void> enter() {
        giveUpAsked = false;
        return calls.then("enter", () -> {
            try {
                barrier().enter();
            } catch (InterruptedException e) {
                if (giveUpAsked) {
                    throw new CancellationException("gave up; Curator keeps the arrival");
                }
                throw e;
            }
            return null;
        });
    }

    @Override
    public void cancelEnter() {
        giveUpAsked = true;
        calls.interruptLatest();
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
