package dev.zksim.recipes.membership;

import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.BlockingAwait;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

/** A blocking facade for reading a group's view once on a real ZooKeeper. */
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
            return BlockingAwait.await(first, timeout);
        } finally {
            view.stop();
        }
    }
}
