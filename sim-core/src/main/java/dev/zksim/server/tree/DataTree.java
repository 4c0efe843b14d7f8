package dev.zksim.server.tree;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.ZooKeeperClient.ChildrenAndStat;
import dev.zksim.api.ZooKeeperClient.DataAndStat;
import dev.zksim.kernel.collect.LongMap;
import dev.zksim.server.tree.Txn.CheckTxn;
import dev.zksim.server.tree.Txn.CloseSessionTxn;
import dev.zksim.server.tree.Txn.CreateSessionTxn;
import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.ErrorTxn;
import dev.zksim.server.tree.Txn.MultiTxn;
import dev.zksim.server.tree.Txn.SetDataTxn;
import dev.zksim.server.tree.TxnOutcome.Checked;
import dev.zksim.server.tree.TxnOutcome.Created;
import dev.zksim.server.tree.TxnOutcome.DataSet;
import dev.zksim.server.tree.TxnOutcome.Deleted;
import dev.zksim.server.tree.TxnOutcome.Failed;
import dev.zksim.server.tree.TxnOutcome.MultiApplied;
import dev.zksim.server.tree.TxnOutcome.SessionClosed;
import dev.zksim.server.tree.TxnOutcome.SessionCreated;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

/**
 * ZooKeeper's data tree as a pure state machine: {@link #apply(Transaction)} is the only
 * mutator, and the tree has no clock, sessions or watches of its own. It reproduces the
 * observable rules of reference sections 1 and 5.6: internal versus visible cversion,
 * pzxid, ephemerals per session, containers reporting owner 0, null data, error txns
 * that only advance lastProcessedZxid, and idempotent replay.
 *
 * <p>Reads return child lists in sorted order for determinism (ZooKeeper's order is
 * unspecified). Data arrays are stored and returned by reference and must never be
 * modified; the client library copies at the API boundary.
 *
 * <p>State is copied on write: the {@link PathIndex}'s chunks, the nodes and their child
 * lists each record the {@link Edit} they were made under, and the tree changes in place
 * only what its current edit made. {@link #snapshot()} and {@link #copy()} share
 * everything and give the tree a new edit, so they cost O(1) (the session and container
 * indexes are shared too and copied on their next change), and later applies copy only
 * what they touch: an index chunk of 64 slots, a node, a parent's child list. The replica
 * digest ({@link ReplicaDigest}) is summed over the nodes when it is first read and from then
 * on brought up to date at each read by the paths changed since the last, so a run that
 * never reads it (a benchmark with its self-checks off) never hashes a node.
 *
 * <p>The replicas of a quorum share what they apply ({@link #shareApplications()}): each
 * state is named by a {@link TreeVersion}, the first replica to apply a transaction from a
 * state leaves what it made behind, frozen, and every other replica in that state takes it
 * over instead of applying the transaction again. Each replica still keeps its own digest
 * and owner indexes, which follow the changes it takes, and a replica that left the shared
 * states (it crashed, or took another path) applies for itself.
 */
public final class DataTree {
    private static final byte[] EMPTY = new byte[0];
    /**
     * The largest parent and index whose changes a first replica shares. Sharing freezes what
     * an apply made, so the first replica's next change copies it: a parent's child arrays, an
     * index chunk and the index's directory. Past these sizes the copies cost more than the
     * other replicas' own applies, and they apply the transaction themselves.
     */
    private static final int SHARED_PARENT_LIMIT = 256;
    private static final int SHARED_INDEX_CHUNK_LIMIT = 16;
    /** How many taken owner index changes wait for a read before they are made anyway. */
    private static final int PENDING_OWNER_CHANGES_LIMIT = 1024;

    /** What this tree may change in place; a new one whenever the tree shares its state. */
    private Edit edit = new Edit();
    /** Every node by full path; the root node is "/". */
    private final PathIndex nodes;
    /** The replica digest, hashed lazily: nothing until its first read, then the paths changed between reads. */
    private final ReplicaDigest digest;
    /**
     * Ephemeral paths per owning session, each set sorted so close order and reads are stable;
     * the sessions are sorted only when listed. Every ephemeral create and delete looks its
     * session up here on every replica, and a tree map boxed the id and searched a tree.
     */
    private LongMap<TreeSet<String>> ephemeralsBySession = new LongMap<>();
    private TreeSet<String> containers = new TreeSet<>();
    private TreeSet<String> ttlNodes = new TreeSet<>();
    /** True while a snapshot or copy also holds the three indexes above: copy them before a change. */
    private boolean ownerIndexesShared;
    private long lastProcessedZxid;
    /**
     * The triggers of the transaction being applied, cleared for the next: the result keeps
     * an immutable copy, so a list of its own for each apply would be made only to be copied.
     */
    private final List<WatchTrigger> applying = new ArrayList<>();
    /**
     * This tree's part in sharing applications with the other replicas, or null while it
     * shares none (a standalone server's tree, which has no replica to share them with).
     */
    private ApplicationSharing sharing;
    /**
     * Owner index changes taken over from other replicas and not made yet: the indexes are
     * read far less often than a follower takes an application (by a close of a session, the
     * container manager, a check), so each taker makes them only before its next read.
     */
    private final List<OwnerChange[]> pendingOwnerChanges = new ArrayList<>();

    /** A tree over shared nodes, with the digest they had: its sum, if it was ever read. */
    private DataTree(PathIndex nodes, long digestSum, boolean digestKept) {
        this.nodes = nodes;
        this.digest = new ReplicaDigest(nodes, digestSum, digestKept);
    }

    private DataTree() {
        this.nodes = new PathIndex(edit);
        this.digest = new ReplicaDigest(nodes);
    }

    /** A fresh standalone tree: /, /zookeeper, /zookeeper/quota and an empty /zookeeper/config. */
    public static DataTree standalone() {
        return withSystemNodes(EMPTY, 0, 0);
    }

    /**
     * A fresh tree as a quorum server builds it: /zookeeper/config holds the dynamic
     * configuration text, with version -1 and mzxid equal to the config version.
     */
    public static DataTree quorum(byte[] configData, long configVersion) {
        return withSystemNodes(configData, -1, configVersion);
    }

    private static DataTree withSystemNodes(byte[] configData, int configVersion, long configMzxid) {
        // These children are not created by txns, so internal cversions stay 0 and the
        // visible ones come out as -1 for "/" and -2 for "/zookeeper" (reference 1.1).
        DataTree tree = new DataTree();
        Node root = tree.newNode("/", EMPTY, 0, 0, 0, Perms.ALL);
        Node zookeeper = tree.newNode("/zookeeper", EMPTY, 0, 0, 0, Perms.ALL);
        Node config = tree.newNode(ZnodePaths.CONFIG_PATH, configData, 0, 0, 0, Perms.READ);
        config.aversion = -1;
        config.version = configVersion;
        config.mzxid = configMzxid;
        root.addChild("/zookeeper");
        zookeeper.addChild("/zookeeper/quota");
        zookeeper.addChild(ZnodePaths.CONFIG_PATH);
        tree.insert(root);
        tree.insert(zookeeper);
        tree.insert(tree.newNode("/zookeeper/quota", EMPTY, 0, 0, 0, Perms.ALL));
        tree.insert(config);
        return tree;
    }

    private Node newNode(String path, byte[] data, long czxid, long ctime, long ephemeralOwner, int perms) {
        return new Node(path, edit, data, czxid, ctime, ephemeralOwner, perms);
    }

    /** Adds a node whose path is not in the tree yet, with its digest. */
    private void insert(Node node) {
        beforeChange(node.path, null);
        nodes.put(node, edit);
    }

    private Node node(String path) {
        return nodes.get(path);
    }

    /**
     * The node for a change: itself if this tree's current edit made it, else a copy put in
     * its place. The digest learns of the change first.
     */
    private Node changing(Node node) {
        beforeChange(node.path, node);
        if (node.owner == edit) {
            return node;
        }
        Node copy = new Node(node, edit);
        nodes.put(copy, edit);
        return copy;
    }

    /**
     * Applies one committed transaction and raises lastProcessedZxid to its zxid. Replay
     * of a txn already reflected in the tree is harmless (reference 5.6).
     */
    public ApplyResult apply(Transaction transaction) {
        if (sharing == null) {
            return applyHere(transaction);
        }
        SharedApplication known = sharing.next();
        if (known == null) {
            return applyFirst(transaction);
        }
        if (known.transaction() != transaction) {
            // This state already led elsewhere: the tree replays an older txn (a fuzzy
            // snapshot's) or leaves its replicas' path. It goes on alone, and leaves them theirs.
            ApplyResult result = applyHere(transaction);
            sharing.leave();
            return result;
        }
        if (known.nodes() == null) {
            ApplyResult result = applyHere(transaction);
            sharing.followed(known);
            return result;
        }
        return take(known);
    }

    private ApplyResult applyHere(Transaction transaction) {
        makePendingOwnerChanges();
        TxnHeader header = transaction.header();
        applying.clear();
        TxnOutcome outcome = applyTxn(header, transaction.txn(), applying);
        raiseLastProcessedZxid(header.zxid());
        return new ApplyResult(header, outcome, settled(applying));
    }

    private void raiseLastProcessedZxid(long zxid) {
        if (zxid > lastProcessedZxid) {
            lastProcessedZxid = zxid;
        }
    }

    /**
     * Applies a transaction no replica in this state has applied yet, and publishes the
     * application for those that will. The nodes it made are shared, unless copying them
     * later would cost more than the others' applies: a new edit freezes them, so this tree
     * copies them before it next changes them, as after a snapshot.
     */
    private ApplyResult applyFirst(Transaction transaction) {
        // The recording keeps the nodes as they were before the apply, for the takers' digests:
        // none of them may then change in place. After an apply that shared nothing (a large
        // parent) or one made alone, the tree's own edit may still own the nodes this apply
        // changes; a new edit makes the apply copy them instead.
        edit = new Edit();
        sharing.startRecording();
        ApplyResult result = applyHere(transaction);
        PathIndex shared = null;
        if (sharing.largestChangedParent() <= SHARED_PARENT_LIMIT && nodes.chunkCount() <= SHARED_INDEX_CHUNK_LIMIT) {
            edit = new Edit();
            shared = new PathIndex(nodes);
        }
        sharing.publish(transaction, result, shared);
        return result;
    }

    /**
     * Takes over an application another replica made from this very state: its nodes, its
     * result, and the changes it made to its digest and owner indexes, made here to this
     * tree's own. The result is what applying the transaction here would have given, since
     * the tree is a pure function of its state and the transaction.
     */
    private ApplyResult take(SharedApplication known) {
        String[] paths = known.changedPaths();
        Node[] before = known.changedNodes();
        digest.makeRoomFor(paths.length);
        for (int i = 0; i < paths.length; i++) {
            digest.beforeChange(paths[i], before[i]);
        }
        if (known.ownerChanges().length > 0) {
            pendingOwnerChanges.add(known.ownerChanges());
            if (pendingOwnerChanges.size() == PENDING_OWNER_CHANGES_LIMIT) {
                makePendingOwnerChanges();
            }
        }
        nodes.adopt(known.nodes());
        raiseLastProcessedZxid(known.result().zxid());
        sharing.followed(known);
        return known.result();
    }

    /** Makes the owner index changes taken over from other replicas; every read of the indexes comes after this. */
    private void makePendingOwnerChanges() {
        if (pendingOwnerChanges.isEmpty()) {
            return;
        }
        for (OwnerChange[] changes : pendingOwnerChanges) {
            for (OwnerChange change : changes) {
                if (change.added()) {
                    indexOwner(change.path(), change.owner());
                } else {
                    unindexOwner(change.path(), change.owner());
                }
            }
        }
        pendingOwnerChanges.clear();
    }

    /** The digest learns of a change before it is made; a first apply records it for the replicas. */
    private void beforeChange(String path, Node node) {
        digest.beforeChange(path, node);
        if (sharing != null) {
            sharing.recordChange(path, node);
        }
    }

    /**
     * From now on this tree shares its applications with replicas in the same state: the
     * copies ({@link #copy()}) and restored snapshots of it, and theirs (see {@link TreeVersion}).
     */
    public void shareApplications() {
        if (sharing == null) {
            sharing = new ApplicationSharing(new TreeVersion());
        }
    }

    /**
     * The triggers as the immutable list the result keeps, made in one step: nearly every txn
     * raises two (a create, a delete), and a copy of the scratch list would make an array and
     * then a list from it, for every commit on every replica.
     */
    private static List<WatchTrigger> settled(List<WatchTrigger> triggers) {
        return switch (triggers.size()) {
            case 0 -> List.of();
            case 1 -> List.of(triggers.get(0));
            case 2 -> List.of(triggers.get(0), triggers.get(1));
            default -> List.copyOf(triggers);
        };
    }

    private TxnOutcome applyTxn(TxnHeader header, Txn txn, List<WatchTrigger> triggers) {
        return switch (txn) {
            case CreateTxn create -> applyCreate(header, create, triggers);
            case DeleteTxn delete -> applyDelete(header.zxid(), delete.path(), triggers);
            case SetDataTxn setData -> applySetData(header, setData, triggers);
            case CheckTxn check -> new Checked();
            case ErrorTxn error -> new Failed(error.err());
            case MultiTxn multi -> applyMulti(header, multi, triggers);
            case CreateSessionTxn session -> new SessionCreated(session.timeout());
            case CloseSessionTxn close -> applyCloseSession(header, close, triggers);
        };
    }

    private TxnOutcome applyCreate(TxnHeader header, CreateTxn txn, List<WatchTrigger> triggers) {
        String path = txn.path();
        long zxid = header.zxid();
        Node parent = nodes.parentOf(path);
        if (parent == null) {
            return new Failed(Code.NONODE.intValue());
        }
        int parentCVersion = txn.parentCVersion() == -1 ? parent.cversion + 1 : txn.parentCVersion();
        Node node = newNode(path, txn.data(), zxid, header.time(), txn.ephemeralOwner(), Perms.ALL);
        if (nodes.putIfAbsent(node, edit) != null) {
            // Replay of a create the snapshot already holds: only the parent's counters
            // may move, and only upwards (reference 5.6).
            if (parentCVersion > parent.cversion) {
                raiseChildCounters(changing(parent), parentCVersion, zxid);
            }
            return new Failed(Code.NODEEXISTS.intValue());
        }
        beforeChange(path, null);
        Node changed = changing(parent);
        changed.addChild(path);
        raiseChildCounters(changed, parentCVersion, zxid);
        registerOwner(path, txn.ephemeralOwner());
        triggers.add(WatchTrigger.data(EventType.NodeCreated, path, zxid));
        triggers.add(WatchTrigger.child(EventType.NodeChildrenChanged, parent.path, zxid));
        return new Created(path, node.stat());
    }

    /**
     * ZooKeeper raises cversion and pzxid together and never lowers them (ZOOKEEPER-3249).
     * The parent is one {@link #changing} returned; this ends the change.
     */
    private void raiseChildCounters(Node parent, int parentCVersion, long zxid) {
        if (parentCVersion > parent.cversion) {
            parent.cversion = parentCVersion;
            parent.pzxid = zxid;
        }
    }

    private TxnOutcome applyDelete(long zxid, String path, List<WatchTrigger> triggers) {
        if (path.equals("/")) {
            throw new IllegalArgumentException("The root cannot be deleted; the preparer must reject this");
        }
        Node parent = nodes.parentOf(path);
        Node node = node(path);
        if (node == null) {
            // Replay of a delete the snapshot already reflects: the parent's pzxid is
            // raised and the NoNode is ignored (reference 5.6).
            if (parent != null && zxid > parent.pzxid) {
                raisePzxid(changing(parent), zxid);
            }
            return new Failed(Code.NONODE.intValue());
        }
        if (node.numChildren() > 0) {
            throw new IllegalStateException("Deleting " + path + " would orphan its children; the preparer must reject this");
        }
        beforeChange(path, node);
        nodes.remove(path, edit);
        Node changed = changing(parent);
        changed.removeChild(path);
        raisePzxid(changed, zxid);
        unregisterOwner(path, node.ephemeralOwner);
        triggers.add(WatchTrigger.data(EventType.NodeDeleted, path, zxid));
        triggers.add(WatchTrigger.childExceptNotified(EventType.NodeDeleted, path, zxid));
        triggers.add(WatchTrigger.child(EventType.NodeChildrenChanged, parent.path, zxid));
        return new Deleted(path);
    }

    /** Raises a parent's pzxid, never lowering it; ends the change {@link #changing} began. */
    private void raisePzxid(Node parent, long zxid) {
        if (zxid > parent.pzxid) {
            parent.pzxid = zxid;
        }
    }

    private TxnOutcome applySetData(TxnHeader header, SetDataTxn txn, List<WatchTrigger> triggers) {
        Node found = node(txn.path());
        if (found == null) {
            return new Failed(Code.NONODE.intValue());
        }
        Node node = changing(found);
        node.data = txn.data();
        node.version = txn.version();
        node.mzxid = header.zxid();
        node.mtime = header.time();
        triggers.add(WatchTrigger.data(EventType.NodeDataChanged, txn.path(), header.zxid()));
        return new DataSet(node.stat());
    }

    private TxnOutcome applyMulti(TxnHeader header, MultiTxn multi, List<WatchTrigger> triggers) {
        List<OpResult> results = new ArrayList<>(multi.txns().size());
        for (Txn txn : multi.txns()) {
            if (txn instanceof MultiTxn || txn instanceof CreateSessionTxn || txn instanceof CloseSessionTxn) {
                throw new IllegalArgumentException("Not an op of a multi: " + txn + " in " + multi);
            }
            results.add(applyTxn(header, txn, triggers).toOpResult());
        }
        return new MultiApplied(results);
    }

    /**
     * Deletes the listed ephemerals with the close's zxid, each with the normal delete
     * effects and triggers. Any ephemeral of the session the list missed is deleted too,
     * in path order, so that a closed session never leaves nodes behind.
     */
    private TxnOutcome applyCloseSession(TxnHeader header, CloseSessionTxn close, List<WatchTrigger> triggers) {
        List<String> deleted = new ArrayList<>(close.ephemeralPaths().size());
        for (String path : close.ephemeralPaths()) {
            if (applyDelete(header.zxid(), path, triggers) instanceof Deleted) {
                deleted.add(path);
            }
        }
        TreeSet<String> leftovers = ephemeralsBySession.get(header.sessionId());
        if (leftovers != null) {
            for (String path : new ArrayList<>(leftovers)) {
                applyDelete(header.zxid(), path, triggers);
                deleted.add(path);
            }
        }
        return new SessionClosed(deleted);
    }

    private void registerOwner(String path, long owner) {
        recordOwnerChange(path, owner, true);
        indexOwner(path, owner);
    }

    private void unregisterOwner(String path, long owner) {
        recordOwnerChange(path, owner, false);
        unindexOwner(path, owner);
    }

    /** A first apply records its owner index changes for the replicas, whose indexes are their own. */
    private void recordOwnerChange(String path, long owner, boolean added) {
        if (sharing != null) {
            sharing.recordOwnerChange(path, owner, added);
        }
    }

    private void indexOwner(String path, long owner) {
        if (owner == Txn.CONTAINER_OWNER) {
            ownOwnerIndexes();
            containers.add(path);
        } else if (Txn.isTtlOwner(owner)) {
            ownOwnerIndexes();
            ttlNodes.add(path);
        } else if (owner != 0) {
            ownOwnerIndexes();
            ephemeralsBySession.computeIfAbsent(owner, session -> new TreeSet<>()).add(path);
        }
    }

    private void unindexOwner(String path, long owner) {
        if (owner == Txn.CONTAINER_OWNER) {
            ownOwnerIndexes();
            containers.remove(path);
        } else if (Txn.isTtlOwner(owner)) {
            ownOwnerIndexes();
            ttlNodes.remove(path);
        } else if (owner != 0) {
            ownOwnerIndexes();
            TreeSet<String> paths = ephemeralsBySession.get(owner);
            if (paths != null && paths.remove(path) && paths.isEmpty()) {
                ephemeralsBySession.remove(owner);
            }
        }
    }

    /** Copies the ephemeral, container and TTL indexes if a snapshot or copy shares them. */
    private void ownOwnerIndexes() {
        if (ownerIndexesShared) {
            LongMap<TreeSet<String>> ephemerals = new LongMap<>();
            ephemeralsBySession.forEach((session, paths) -> ephemerals.put(session, new TreeSet<>(paths)));
            ephemeralsBySession = ephemerals;
            containers = new TreeSet<>(containers);
            ttlNodes = new TreeSet<>(ttlNodes);
            ownerIndexesShared = false;
        }
    }

    // ---- Reads ---------------------------------------------------------------------

    /** The zxid of the last transaction applied (0 for a fresh tree). */
    public long lastProcessedZxid() {
        return lastProcessedZxid;
    }

    public boolean exists(String path) {
        return node(path) != null;
    }

    /** The node's client-visible Stat, or null if there is no such node. */
    public Stat stat(String path) {
        Node node = node(path);
        return node == null ? null : node.stat();
    }

    /** Data (possibly null) and Stat, or null if there is no such node. */
    public DataAndStat getData(String path) {
        Node node = node(path);
        return node == null ? null : new DataAndStat(node.data, node.stat());
    }

    /** Child names in sorted order, or null if there is no such node. */
    public List<String> getChildren(String path) {
        Node node = node(path);
        return node == null ? null : node.childNames();
    }

    /** Child names in sorted order with the node's own Stat, or null if there is no such node. */
    public ChildrenAndStat getChildren2(String path) {
        Node node = node(path);
        return node == null ? null : new ChildrenAndStat(node.childNames(), node.stat());
    }

    /**
     * The fields the request preparer validates against, including the internal cversion
     * and ephemeralOwner that a Stat hides; null if there is no such node.
     */
    public NodeInfo nodeInfo(String path) {
        Node node = node(path);
        return node == null ? null
                : new NodeInfo(node.version, node.cversion, node.numChildren(), node.ephemeralOwner, node.perms);
    }

    /** The number of znodes, root and system nodes included (4 in a fresh tree). */
    public int nodeCount() {
        return nodes.size();
    }

    /** The ephemeral paths owned by a session, sorted; empty if it owns none. */
    public List<String> ephemerals(long sessionId) {
        makePendingOwnerChanges();
        TreeSet<String> paths = ephemeralsBySession.get(sessionId);
        return paths == null ? List.of() : List.copyOf(paths);
    }

    /**
     * getEphemerals(prefix): the session's ephemerals whose path starts with the prefix
     * as a plain string (so "/a" matches "/ab/x"); null, "" or "/" select all. Sorted.
     */
    public List<String> ephemerals(long sessionId, String prefix) {
        List<String> all = ephemerals(sessionId);
        if (prefix == null || prefix.isEmpty() || prefix.equals("/")) {
            return all;
        }
        return all.stream().filter(path -> path.startsWith(prefix)).toList();
    }

    /**
     * getAllChildrenNumber: the number of descendants of a node (for "/" every other node,
     * the system nodes included); 0 for a missing node, which callers report as NoNode.
     */
    public int allChildrenNumber(String path) {
        Node node = node(path);
        if (node == null) {
            return 0;
        }
        int count = 0;
        String prefix = path.equals("/") ? "/" : path + "/";
        for (String child : node.childNames()) {
            count += 1 + allChildrenNumber(prefix + child);
        }
        return count;
    }

    /** The sessions that own at least one ephemeral, in ascending id order. */
    public List<Long> sessionsWithEphemerals() {
        makePendingOwnerChanges();
        long[] sessions = ephemeralsBySession.keys();
        Arrays.sort(sessions);
        List<Long> sorted = new ArrayList<>(sessions.length);
        for (long session : sessions) {
            sorted.add(session);
        }
        return Collections.unmodifiableList(sorted);
    }

    /** Whether any container or TTL node exists: the container manager sleeps while none does. */
    public boolean hasContainersOrTtlNodes() {
        makePendingOwnerChanges();
        return !containers.isEmpty() || !ttlNodes.isEmpty();
    }

    /** All TTL node paths, sorted (for the container manager). */
    public List<String> ttlNodes() {
        makePendingOwnerChanges();
        return List.copyOf(ttlNodes);
    }

    /** All container paths, sorted (for the container manager). */
    public List<String> containers() {
        makePendingOwnerChanges();
        return List.copyOf(containers);
    }

    // ---- Snapshots and comparison ------------------------------------------------------

    /**
     * An exact immutable image of this tree. O(1): it shares the tree's nodes, which this
     * tree copies from now on before changing them; its node list is built, in path order,
     * only when read.
     */
    public DataTreeSnapshot snapshot() {
        makePendingOwnerChanges();
        FrozenTree frozen = new FrozenTree(new PathIndex(nodes), digest.settledSum(), digest.kept(), ephemeralsBySession,
                containers, ttlNodes, sharing == null ? null : sharing.version());
        share();
        return new DataTreeSnapshot(lastProcessedZxid, frozen);
    }

    /** From now on everything made so far is shared: change nothing of it in place. */
    private void share() {
        edit = new Edit();
        ownerIndexesShared = true;
    }

    /**
     * Rebuilds a tree from a snapshot: in O(1) from one a tree took, else (a snapshot built
     * from a list of images) by deriving children, ephemerals and containers.
     */
    public static DataTree restore(DataTreeSnapshot snapshot) {
        DataTree tree;
        if (snapshot.nodes() instanceof FrozenTree frozen) {
            tree = new DataTree(new PathIndex(frozen.nodes()), frozen.digest(), frozen.digestKept());
            tree.ephemeralsBySession = frozen.ephemeralsBySession();
            tree.containers = frozen.containers();
            tree.ttlNodes = frozen.ttlNodes();
            tree.ownerIndexesShared = true;
            tree.sharing = frozen.version() == null ? null : new ApplicationSharing(frozen.version());
        } else {
            tree = new DataTree();
            tree.rebuild(snapshot.nodes());
        }
        tree.lastProcessedZxid = snapshot.lastProcessedZxid();
        return tree;
    }

    private void rebuild(List<DataTreeSnapshot.NodeImage> images) {
        for (DataTreeSnapshot.NodeImage image : images) {
            insert(image.toNode(edit));
            indexOwner(image.path(), image.ephemeralOwner());
        }
        for (DataTreeSnapshot.NodeImage image : images) {
            String path = image.path();
            if (!path.equals("/")) {
                Node parent = node(ZnodePaths.parentOf(path));
                if (parent == null) {
                    throw new IllegalArgumentException("Snapshot node " + path + " has no parent");
                }
                parent.addChild(path);
            }
        }
    }

    /** An independent copy in O(1): both trees share what exists now and copy it before changing it. */
    public DataTree copy() {
        makePendingOwnerChanges();
        DataTree tree = new DataTree(new PathIndex(nodes), digest.settledSum(), digest.kept());
        tree.ephemeralsBySession = ephemeralsBySession;
        tree.containers = containers;
        tree.ttlNodes = ttlNodes;
        tree.ownerIndexesShared = true;
        tree.lastProcessedZxid = lastProcessedZxid;
        tree.sharing = sharing == null ? null : new ApplicationSharing(sharing.version());
        share();
        return tree;
    }

    /**
     * A 64-bit hash of every node's path and internal fields, independent of insertion
     * order: the sum of each node's {@link NodeDigest}, summed over the nodes at the first
     * call and from then on updated by the paths changed since the last call.
     * Equal trees have equal digests; lastProcessedZxid is deliberately left out so
     * replicas can be compared by content alone. For a readable diff, compare
     * {@link #snapshot()}s or their {@link DataTreeSnapshot#dump()}.
     */
    public long digest() {
        return digest.read();
    }

    /** How many changed paths the digest holds until its next read; for tests of its bound. */
    int digestPendingPaths() {
        return digest.pendingPaths();
    }
}
