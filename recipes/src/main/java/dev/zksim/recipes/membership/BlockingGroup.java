package dev.zksim.recipes.membership;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.recipes.support.Stages;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A blocking facade for reading a group's view once on a real ZooKeeper. */
@SuppressForbidden("blocks an application thread on a real cluster; simulations use GroupView directly")
public final class BlockingGroup {
    private final ZooKeeperClient zk;
    private final String group;

    public BlockingGroup(ZooKeeperClient zk, String group) {
        this.zk = zk;
        this.group = group;
    }

    /** The current members, sorted. */
    public List<String> view(Duration timeout) throws KeeperException, InterruptedException, TimeoutException {
        CompletableFuture<List<String>> first = new CompletableFuture<>();
        GroupView view = new GroupView(zk, group, changed -> first.complete(changed.view()));
        view.start();
        try {
            return first.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException failure) {
            Throwable cause = Stages.unwrap(failure.getCause());
            if (cause instanceof KeeperException keeper) {
                throw keeper;
            }
            throw new IllegalStateException("recipe failed", cause);
        } finally {
            view.stop();
        }
    }
}
