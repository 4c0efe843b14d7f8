package dev.zksim.recipes.lock;

/**
 * What a waiter does after reading the lock directory: it holds the lock, it waits for one
 * other node to go away, or its own node is no longer there (its session expired or someone
 * deleted it), so it can never be granted the lock through this node.
 */
public sealed interface LockDecision {

    /** Nothing that blocks this node is left: the lock (or its shared share) is granted. */
    record Acquired() implements LockDecision {
    }

    /** Wait for this child (a name relative to the lock directory) to be deleted, then re-list. */
    record Watch(String node) implements LockDecision {
    }

    /**
     * Wait for any change of the directory's children, then re-list: for a rule in which
     * the deletion of any one of several nodes may let the caller in (a semaphore's permits),
     * so that no single node can be watched instead.
     */
    record WatchChildren() implements LockDecision {
    }

    /** The caller's own node is not among the children. */
    record NotQueued() implements LockDecision {
    }
}
