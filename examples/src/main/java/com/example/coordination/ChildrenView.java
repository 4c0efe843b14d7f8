package com.example.coordination;

import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One client's view of a directory's children: it lists them with a watch and lists again
 * whenever the watch fires, for as long as the current generation lasts. A group's members
 * and a registry's brokers follow who else is there with it; after a new session the owner
 * restarts it, since the old session's watch died with it.
 */
public final class ChildrenView {
    private final ZooKeeperClient zk;
    private final String dir;
    private final Consumer<List<String>> changed;
    private List<String> children;
    private int generation;

    public ChildrenView(ZooKeeperClient zk, String dir, Consumer<List<String>> changed) {
        this.zk = zk;
        this.dir = dir;
        this.changed = changed;
    }

    /** Starts a new generation of listings; the old one's answers and watches are ignored from now on. */
    public void restart() {
        int current = ++generation;
        // One watcher object per generation: ZooKeeper registers it once however often it is passed.
        Watcher[] relist = new Watcher[1];
        relist[0] = event -> list(current, relist[0]);
        list(current, relist[0]);
    }

    /** Stops following the directory. */
    public void stop() {
        generation++;
    }

    /** The children, sorted, as last listed, if they have been listed yet. */
    public Optional<List<String>> current() {
        return Optional.ofNullable(children);
    }

    private void list(int current, Watcher relist) {
        if (current != generation) {
            return;
        }
        zk.getChildren(dir, relist).whenComplete((listed, error) -> {
            if (current != generation) {
                return;
            }
            if (ZkNodes.connectionLoss(error)) {
                list(current, relist);
            } else if (error == null) {
                children = listed.stream().sorted().toList();
                changed.accept(children);
            }
            // Any other error (the session expired): the owner restarts the view on the next session.
        });
    }
}
