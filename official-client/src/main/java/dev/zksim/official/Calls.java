package dev.zksim.official;

import dev.zksim.official.threads.SimulatedThreads;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.apache.zookeeper.KeeperException;

/**
 * The two ways the drop-in completes a call: blocking the calling simulated thread until the
 * simulated reply arrives, or handing the outcome to a callback on the handle's event thread.
 */
final class Calls {
    private Calls() {
    }

    /** What a callback does with the outcome: the return code and the value (null on failure). */
    interface Delivery<T> {
        void deliver(int rc, T value);
    }

    /**
     * Blocks the calling simulated thread until {@code stage} completes. On any other thread
     * the wait could not be scheduled by the simulation (and on the simulation thread the
     * reply could never arrive), so that is refused with a one-line explanation.
     */
    static <T> T await(CompletionStage<T> stage) throws KeeperException, InterruptedException {
        requireSimulatedThread();
        try {
            return stage.toCompletableFuture().get();
        } catch (ExecutionException e) {
            throw Conversions.keeperFailure(e);
        }
    }

    static void requireSimulatedThread() {
        if (!SimulatedThreads.onSimulatedThread()) {
            throw new IllegalStateException("the synchronous ZooKeeper API blocks its caller: call it from a"
                    + " simulated thread (OfficialClientProgram or SimulatedThreads.start), not from "
                    + SimulatedThreads.currentThreadName());
        }
    }

    /** Delivers the outcome of {@code stage} to {@code delivery} on the event thread. */
    static <T> void deliver(EventThread events, CompletionStage<T> stage, Delivery<T> delivery) {
        stage.whenComplete((value, failure) -> events.post(() -> {
            if (failure == null) {
                delivery.deliver(KeeperException.Code.OK.intValue(), value);
            } else {
                delivery.deliver(Conversions.code(failure), null);
            }
        }));
    }

    /** Delivers a failure known before anything is sent (e.g. an unimplemented operation). */
    static void deliverFailure(EventThread events, KeeperException.Code code, Delivery<Object> delivery) {
        events.post(() -> delivery.deliver(code.intValue(), null));
    }
}
