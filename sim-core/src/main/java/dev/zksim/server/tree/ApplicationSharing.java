package dev.zksim.server.tree;

import java.util.ArrayList;
import java.util.List;

/**
 * A tree's part in sharing applications among replicas (see {@link TreeVersion}): the
 * state the tree is in, what its current apply changes, and the states it published from.
 *
 * <p>The first replica to apply a transaction from a state publishes what the apply made;
 * every other replica in that state takes it over instead of applying the transaction
 * itself. An apply is recorded as it runs: the paths it changes with the nodes they held,
 * for the taker's digest, and its owner index changes, which a taker queues and makes only
 * before its indexes are next read (see {@link DataTree}).
 */
final class ApplicationSharing {
    /**
     * How many of its publications a tree keeps for replicas that lag. A lagging replica, or
     * a snapshot, holds the state it is in, and through each state's successor every later
     * application: the ring forgets the successor of the state this many publications back.
     * Fifty clients writing to five servers put a follower a few hundred transactions behind
     * the first to apply; with 32 most of their commits found nothing to take.
     */
    private static final int REMEMBERED = 1024;

    /** The state the tree is in; every tree in it holds this same object. */
    private TreeVersion version;
    private boolean recording;
    /** The current apply's changed paths, and beside them the nodes they held (null if none). */
    private final List<String> changedPaths = new ArrayList<>();
    private final List<Node> changedNodes = new ArrayList<>();
    private final List<OwnerChange> ownerChanges = new ArrayList<>();
    /**
     * The states this tree published from, in a ring of {@link #REMEMBERED}; null until its
     * first publication, since a follower may never publish.
     */
    private TreeVersion[] published;
    private int publications;

    ApplicationSharing(TreeVersion version) {
        this.version = version;
    }

    TreeVersion version() {
        return version;
    }

    /** What the first replica to apply from this tree's state made, or null while none has. */
    SharedApplication next() {
        return version.next;
    }

    /** The tree has reached the state that application led to. */
    void followed(SharedApplication application) {
        version = application.version();
    }

    /** The tree has changed on a path no other tree is known to take: a state of its own. */
    void leave() {
        version = new TreeVersion();
    }

    /** Starts recording an apply this tree makes first. */
    void startRecording() {
        changedPaths.clear();
        changedNodes.clear();
        ownerChanges.clear();
        recording = true;
    }

    void recordChange(String path, Node node) {
        if (recording) {
            changedPaths.add(path);
            changedNodes.add(node);
        }
    }

    /**
     * The most children a node the recorded apply changed had before it: a create or delete
     * changes its parent, so this is the largest parent the apply touched, give or take one.
     */
    int largestChangedParent() {
        int largest = 0;
        for (Node node : changedNodes) {
            if (node != null) {
                largest = Math.max(largest, node.numChildren());
            }
        }
        return largest;
    }

    void recordOwnerChange(String path, long owner, boolean added) {
        if (recording && owner != 0) {
            ownerChanges.add(new OwnerChange(path, owner, added));
        }
    }

    /**
     * Leaves the recorded apply behind for the replicas in the state it started from, which
     * no replica has applied from yet, with the nodes it made if {@code nodes} is not null,
     * and moves this tree to the new state.
     */
    void publish(Transaction transaction, ApplyResult result, PathIndex nodes) {
        recording = false;
        TreeVersion reached = new TreeVersion();
        if (published == null) {
            published = new TreeVersion[REMEMBERED];
        }
        int slot = publications++ % REMEMBERED;
        if (published[slot] != null) {
            published[slot].next = null;
        }
        published[slot] = version;
        version.next = new SharedApplication(transaction, reached, nodes, result,
                changedPaths.toArray(String[]::new), changedNodes.toArray(Node[]::new),
                ownerChanges.toArray(OwnerChange[]::new));
        version = reached;
    }
}
