package dev.zksim.recipes.revocable;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.DeleteNode;
import dev.zksim.recipes.support.Stages;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The revoking side of {@link RevocableLock}: asks a holder to release by writing "unlock"
 * into its node, and, in the forced variant, deletes the node after a grace period. Time is
 * the caller's: a {@link Delayer} schedules the deletion (a simulated client's timer, or a
 * scheduler on a real cluster), since recipes never read a clock.
 */
public final class Revoker {

    /** Runs an action after a delay in microseconds. */
    @FunctionalInterface
    public interface Delayer {
        void after(long delayMicros, Runnable action);
    }

    private final ZooKeeperClient zk;

    public Revoker(ZooKeeperClient zk) {
        this.zk = zk;
    }

    /** The current holders of the lock in the directory, as full paths, lowest first. */
    public CompletionStage<List<String>> holders(String dir) {
        return zk.getChildren(dir, false).thenApply(children ->
                RevocationRules.holders(children).stream().map(name -> dir + "/" + name).toList());
    }

    /**
     * Writes "unlock" into the holder's node. Completes with true once written, false if the
     * node is already gone; a lost reply is retried (writing it twice is harmless).
     */
    public CompletionStage<Boolean> requestRelease(String node) {
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        request(node, done);
        return done;
    }

    private void request(String node, CompletableFuture<Boolean> done) {
        zk.setData(node, RevocationRules.UNLOCK.getBytes(StandardCharsets.UTF_8), -1).whenComplete((stat, error) -> {
            if (error == null) {
                done.complete(true);
            } else if (Stages.is(error, KeeperException.Code.NONODE)) {
                done.complete(false);
            } else if (Stages.isRecoverable(error)) {
                request(node, done);
            } else {
                done.completeExceptionally(Stages.unwrap(error));
            }
        });
    }

    /**
     * The forced variant: asks, then after the grace period deletes the node whether or not
     * the holder consented. Node names are unique (guid and counter), so this can only ever
     * delete that one acquisition's node. Completes once the node is gone.
     */
    public CompletionStage<Void> forceRelease(String node, long graceMicros, Delayer delayer) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        requestRelease(node).whenComplete((written, error) -> {
            if (error != null) {
                done.completeExceptionally(error);
            } else if (!written) {
                done.complete(null);
            } else {
                delayer.after(graceMicros, () -> DeleteNode.delete(zk, node).whenComplete((ok, failure) -> {
                    if (failure == null) {
                        done.complete(null);
                    } else {
                        done.completeExceptionally(failure);
                    }
                }));
            }
        });
        return done;
    }
}
