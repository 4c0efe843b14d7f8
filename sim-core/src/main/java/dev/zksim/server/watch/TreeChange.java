package dev.zksim.server.watch;

import dev.zksim.api.EventType;
import java.util.Objects;

/**
 * A committed change to one node that can fire watches (reference 3.2). Applying a
 * transaction to the tree yields zero or more of these (a multi yields one per op, an
 * error transaction none), and {@link ServerWatchTable#trigger(TreeChange)} turns each into
 * deliveries. setACL, check, reads and sync change nothing a watch can see, so they have
 * no case here.
 */
public sealed interface TreeChange {

    /** The path of the node the transaction touched. */
    String path();

    /** The zxid of the transaction, carried by every event it fires. */
    long zxid();

    /** A create of {@code path}. */
    record Created(String path, long zxid) implements TreeChange {
        public Created {
            requireNonRootPath(path);
        }
    }

    /** A delete of {@code path}. */
    record Deleted(String path, long zxid) implements TreeChange {
        public Deleted {
            requireNonRootPath(path);
        }
    }

    /** A setData on {@code path}. */
    record DataChanged(String path, long zxid) implements TreeChange {
        public DataChanged {
            requireAbsolutePath(path);
        }
    }

    /**
     * The change a transaction of this event type on {@code path} makes. Only the three
     * event types a transaction fires on its own node qualify; NodeChildrenChanged is
     * derived from a create or delete of a child and never a change by itself.
     */
    static TreeChange of(EventType type, String path, long zxid) {
        return switch (type) {
            case NodeCreated -> new Created(path, zxid);
            case NodeDeleted -> new Deleted(path, zxid);
            case NodeDataChanged -> new DataChanged(path, zxid);
            case None, NodeChildrenChanged, DataWatchRemoved, ChildWatchRemoved, PersistentWatchRemoved ->
                throw new IllegalArgumentException("not a tree change: " + type + " " + path);
        };
    }

    private static void requireAbsolutePath(String path) {
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must be absolute: " + path);
        }
    }

    // The root always exists, so a create or delete of it is a bug in the caller.
    private static void requireNonRootPath(String path) {
        requireAbsolutePath(path);
        if (path.equals("/")) {
            throw new IllegalArgumentException("the root is never created or deleted");
        }
    }
}
