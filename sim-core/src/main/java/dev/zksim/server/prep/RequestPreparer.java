package dev.zksim.server.prep;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Op;
import dev.zksim.api.PathUtils;
import dev.zksim.server.prep.Request.CloseSessionRequest;
import dev.zksim.server.prep.Request.CreateSessionRequest;
import dev.zksim.server.prep.Request.MultiRequest;
import dev.zksim.server.prep.Request.OpRequest;
import dev.zksim.server.tree.DataTree;
import dev.zksim.server.tree.NodeInfo;
import dev.zksim.server.tree.Perms;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.tree.Txn.CheckTxn;
import dev.zksim.server.tree.Txn.CloseSessionTxn;
import dev.zksim.server.tree.Txn.CreateSessionTxn;
import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.ErrorTxn;
import dev.zksim.server.tree.Txn.MultiTxn;
import dev.zksim.server.tree.Txn.SetDataTxn;
import dev.zksim.server.tree.TxnHeader;
import dev.zksim.server.tree.ZnodePaths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.TreeSet;

/**
 * ZooKeeper's PrepRequestProcessor for one leader: turns each write request into the
 * transaction to propose, validating it against the latest state, which is the applied
 * {@link DataTree} plus the change records of txns prepared but not yet applied. The
 * caller assigns the zxid before validation, and a failure still yields a transaction
 * (an ErrorTxn, or for a multi a MultiTxn of ErrorTxns), so every write consumes its zxid.
 *
 * <p>Protocol: call {@link #prepare} in zxid order; after the tree applies a txn, call
 * {@link #retire(long)} with its zxid; when the server stops leading, call
 * {@link #discardPending()}. If the server replaces its tree object, make a new preparer.
 */
public final class RequestPreparer {
    private final DataTree tree;
    /** Change records in prepare order, so retiring can pop them from the head. */
    private final ArrayDeque<ChangeRecord> outstanding = new ArrayDeque<>();
    /** The newest change record per path: the latest state for validation. */
    private final Map<String, ChangeRecord> latestByPath = new LinkedHashMap<>();
    /** While a multi is being prepared: what each added record replaced, for rollback. */
    private List<ChangeRecord> multiUndo;
    /** The order a closeSession txn deletes its ephemerals in: sorted until the server says otherwise. */
    private UnaryOperator<List<String>> ephemeralOrder = UnaryOperator.identity();
    private boolean extendedTypes = true;

    public RequestPreparer(DataTree tree) {
        this.tree = tree;
    }

    /**
     * Sets the order in which closeSession txns list (and so every replica deletes) a
     * session's ephemerals; it is given them in path order. ZooKeeper takes them from a hash
     * set, so the order is unspecified, and the server draws it.
     */
    public void setEphemeralOrder(UnaryOperator<List<String>> order) {
        this.ephemeralOrder = order;
    }

    /** zookeeper.extendedTypesEnabled: whether TTL creates are served (on unless told). */
    public void setExtendedTypes(boolean enabled) {
        this.extendedTypes = enabled;
    }

    /** A failed check, carrying ZooKeeper's code; no stack trace, as failures are routine. */
    private static final class Rejected extends Exception {
        private static final long serialVersionUID = 1L;
        final Code code;

        Rejected(Code code) {
            super(code.name(), null, false, false);
            this.code = code;
        }
    }

    /**
     * Prepares one request of {@code sessionId} as transaction {@code zxid} stamped with
     * {@code time}. {@code session} is the session tracker's verdict on the session.
     */
    public Transaction prepare(Request request, long sessionId, int cxid, SessionCheck session, long zxid, long time) {
        TxnHeader header = new TxnHeader(sessionId, cxid, zxid, time);
        Txn txn = switch (request) {
            case OpRequest single -> orError(() -> prepareOp(single.op(), sessionId, session, zxid));
            case MultiRequest multi -> prepareMulti(multi.ops(), sessionId, session, zxid);
            case CreateSessionRequest create -> new CreateSessionTxn(create.timeout());
            case CloseSessionRequest close -> prepareCloseSession(sessionId, zxid);
            case Request.DeleteContainerRequest container -> orError(() -> prepareDeleteContainer(container.path(), zxid));
            case Request.TtlCreateRequest ttl -> orError(() -> prepareTtlCreate(ttl, sessionId, session, zxid));
        };
        return new Transaction(header, txn);
    }

    /** One operation's preparation, which may reject the request. */
    @FunctionalInterface
    private interface Preparation {
        Txn run() throws Rejected;
    }

    /** A single request that fails becomes an ErrorTxn with its code; it added no change records. */
    private static Txn orError(Preparation preparation) {
        try {
            return preparation.run();
        } catch (Rejected rejected) {
            return new ErrorTxn(rejected.code.intValue());
        }
    }

    /**
     * Prepares the ops in order, each seeing the pending effects of the earlier ones. At
     * the first failure the multi's change records are rolled back and the result is
     * [ErrorTxn(0)..., ErrorTxn(code), ErrorTxn(-2)...] (reference 2.8).
     */
    private Txn prepareMulti(List<Op> ops, long sessionId, SessionCheck session, long zxid) {
        multiUndo = new ArrayList<>();
        try {
            List<Txn> txns = new ArrayList<>(ops.size());
            for (int i = 0; i < ops.size(); i++) {
                try {
                    txns.add(prepareOp(ops.get(i), sessionId, session, zxid));
                } catch (Rejected rejected) {
                    rollbackMulti();
                    return failedMulti(ops.size(), i, rejected.code);
                }
            }
            return new MultiTxn(txns);
        } finally {
            multiUndo = null;
        }
    }

    private Txn prepareOp(Op op, long sessionId, SessionCheck session, long zxid) throws Rejected {
        return switch (op) {
            case Op.Create create -> create.mode().isTTL()
                    ? prepareTtlCreate(new Request.TtlCreateRequest(create.path(), create.data(), create.mode(), -1),
                            sessionId, session, zxid)
                    : prepareCreate(create.path(), create.data(), create.mode(), -1, sessionId, session, zxid);
            case Op.CreateTtl create -> prepareTtlCreate(
                    new Request.TtlCreateRequest(create.path(), create.data(), create.mode(), create.ttl()),
                    sessionId, session, zxid);
            case Op.Delete delete -> prepareDelete(delete.path(), delete.version(), session, zxid);
            case Op.SetData setData -> prepareSetData(setData.path(), setData.data(), setData.version(), session, zxid);
            case Op.Check check -> prepareCheck(check.path(), check.version(), session);
        };
    }

    private static MultiTxn failedMulti(int size, int failedIndex, Code code) {
        List<Txn> errors = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            int err = i < failedIndex ? Code.OK.intValue()
                    : i == failedIndex ? code.intValue() : Code.RUNTIMEINCONSISTENCY.intValue();
            errors.add(new ErrorTxn(err));
        }
        return new MultiTxn(errors);
    }

    /**
     * Check order of reference 2.2 from the session check on (a plain create's mode cannot be
     * a bad flag, and a TTL create's own checks come first, in prepareTtlCreate; ACLs are open).
     */
    private Txn prepareCreate(String path, byte[] data, CreateMode mode, long ttl, long sessionId, SessionCheck session,
            long zxid) throws Rejected {
        checkSession(session, mode.isEphemeral());
        if (path.indexOf('/') < 0 || path.indexOf('\u0000') >= 0) {
            throw new Rejected(Code.BADARGUMENTS);
        }
        ChangeRecord parent = requireNode(ZnodePaths.parentOf(path));
        requirePermission(parent, Perms.CREATE);
        String actualPath = mode.isSequential() ? ZnodePaths.sequentialPath(path, parent.cversion()) : path;
        validateNewPath(actualPath);
        if (latest(actualPath) != null) {
            throw new Rejected(Code.NODEEXISTS);
        }
        if (parent.isEphemeral()) {
            throw new Rejected(Code.NOCHILDRENFOREPHEMERALS);
        }
        long owner = mode.isEphemeral() ? sessionId
                : mode.isContainer() ? Txn.CONTAINER_OWNER
                : mode.isTTL() ? Txn.ttlOwner(ttl) : 0;
        int newParentCversion = parent.cversion() + 1;
        addChange(parent.withChildCreated(zxid, newParentCversion));
        addChange(ChangeRecord.created(actualPath, zxid, owner));
        return new CreateTxn(actualPath, data, owner, newParentCversion);
    }

    /**
     * createTTL (PrepRequestProcessor.validateCreateRequest first): a TTL mode while extended
     * types are off is Unimplemented, a ttl out of range or given to another mode
     * BadArguments; then it is a create like any other.
     */
    private Txn prepareTtlCreate(Request.TtlCreateRequest request, long sessionId, SessionCheck session, long zxid)
            throws Rejected {
        if (request.mode().isTTL() && !extendedTypes) {
            throw new Rejected(Code.UNIMPLEMENTED);
        }
        try {
            request.mode().validateTtl(request.ttl());
        } catch (IllegalArgumentException invalid) {
            throw new Rejected(Code.BADARGUMENTS);
        }
        return prepareCreate(request.path(), request.data(), request.mode(), request.ttl(), sessionId, session, zxid);
    }

    /** Check order of reference 2.3: BadVersion comes before NotEmpty. */
    private Txn prepareDelete(String path, int version, SessionCheck session, long zxid) throws Rejected {
        checkSession(session, false);
        if (ZnodePaths.isSpecialPath(path) || path.indexOf('/') < 0 || path.indexOf('\u0000') >= 0) {
            throw new Rejected(Code.BADARGUMENTS);
        }
        ChangeRecord parent = requireNode(ZnodePaths.parentOf(path));
        requirePermission(parent, Perms.DELETE);
        ChangeRecord node = requireNode(path);
        checkVersion(version, node.version());
        if (node.childCount() > 0) {
            throw new Rejected(Code.NOTEMPTY);
        }
        addChange(parent.withChildDeleted(zxid));
        addChange(ChangeRecord.deleted(path, zxid));
        return new DeleteTxn(path);
    }

    /**
     * PrepRequestProcessor's deleteContainer: no session or version check; a node that
     * gained a child since the manager chose it is NotEmpty, an ephemeral is BadVersion, and
     * any other node, even one that is no container any more, is deleted.
     */
    private Txn prepareDeleteContainer(String path, long zxid) throws Rejected {
        if (ZnodePaths.isSpecialPath(path) || path.indexOf('/') < 0 || path.indexOf('\u0000') >= 0) {
            throw new Rejected(Code.BADARGUMENTS);
        }
        ChangeRecord node = requireNode(path);
        if (node.childCount() > 0) {
            throw new Rejected(Code.NOTEMPTY);
        }
        if (node.isEphemeral()) {
            throw new Rejected(Code.BADVERSION);
        }
        ChangeRecord parent = requireNode(ZnodePaths.parentOf(path));
        addChange(parent.withChildDeleted(zxid));
        addChange(ChangeRecord.deleted(path, zxid));
        return new DeleteTxn(path);
    }

    /** Check order of reference 2.4 (no quotas). */
    private Txn prepareSetData(String path, byte[] data, int version, SessionCheck session, long zxid) throws Rejected {
        checkSession(session, false);
        validatePath(path);
        ChangeRecord node = requireNode(path);
        requirePermission(node, Perms.WRITE);
        checkVersion(version, node.version());
        int newVersion = node.version() + 1;
        addChange(node.withVersion(zxid, newVersion));
        return new SetDataTxn(path, data, newVersion);
    }

    /** Check order of reference 2.6; a check changes nothing, so it adds no record. */
    private Txn prepareCheck(String path, int version, SessionCheck session) throws Rejected {
        checkSession(session, false);
        validatePath(path);
        ChangeRecord node = requireNode(path);
        requirePermission(node, Perms.READ);
        checkVersion(version, node.version());
        return new CheckTxn(path, version);
    }

    /**
     * Lists the session's ephemerals as they will be once every pending txn is applied
     * (applied ones, plus pending creates, minus pending deletes), in the drawn order (path
     * order before the draw), and marks them deleted. Like ZooKeeper, only the nodes get change records, not their parents,
     * and no session check is made: the expirer closes sessions it does not own.
     */
    private Txn prepareCloseSession(long sessionId, long zxid) {
        TreeSet<String> paths = new TreeSet<>(tree.ephemerals(sessionId));
        for (ChangeRecord change : outstanding) {
            if (!change.exists()) {
                paths.remove(change.path());
            } else if (change.ephemeralOwner() == sessionId) {
                paths.add(change.path());
            }
        }
        List<String> ordered = List.copyOf(ephemeralOrder.apply(List.copyOf(paths)));
        for (String path : ordered) {
            addChange(ChangeRecord.deleted(path, zxid));
        }
        return new CloseSessionTxn(ordered);
    }

    // ---- Checks -------------------------------------------------------------------------

    private static void checkSession(SessionCheck session, boolean ephemeralCreate) throws Rejected {
        Code failure = session.failure(ephemeralCreate);
        if (failure != null) {
            throw new Rejected(failure);
        }
    }

    private static void validatePath(String path) throws Rejected {
        try {
            PathUtils.validatePath(path);
        } catch (IllegalArgumentException invalid) {
            throw new Rejected(Code.BADARGUMENTS);
        }
    }

    /**
     * The path of a node to be created under a parent that exists. The parent's path, all
     * before the last '/', was checked when that parent was created, so below the root's
     * children only the new name is walked; the root's children (and "/" itself, and the
     * invalid "//name", whose parent also looks like the root) are short and checked whole.
     */
    private static void validateNewPath(String path) throws Rejected {
        try {
            if (path.lastIndexOf('/') > 1) {
                PathUtils.validateLastComponent(path);
            } else {
                PathUtils.validatePath(path);
            }
        } catch (IllegalArgumentException invalid) {
            throw new Rejected(Code.BADARGUMENTS);
        }
    }

    private static void checkVersion(int expected, int actual) throws Rejected {
        if (expected != -1 && expected != actual) {
            throw new Rejected(Code.BADVERSION);
        }
    }

    private static void requirePermission(ChangeRecord node, int perm) throws Rejected {
        if (!node.permits(perm)) {
            throw new Rejected(Code.NOAUTH);
        }
    }

    private ChangeRecord requireNode(String path) throws Rejected {
        ChangeRecord node = latest(path);
        if (node == null) {
            throw new Rejected(Code.NONODE);
        }
        return node;
    }

    /** The latest state of a path, or null if it does not exist there (or is pending deletion). */
    private ChangeRecord latest(String path) {
        ChangeRecord pending = latestByPath.get(path);
        if (pending != null) {
            return pending.exists() ? pending : null;
        }
        NodeInfo applied = tree.nodeInfo(path);
        return applied == null ? null : ChangeRecord.fromTree(path, tree.lastProcessedZxid(), applied);
    }

    // ---- Change records -------------------------------------------------------------------

    private void addChange(ChangeRecord change) {
        outstanding.addLast(change);
        ChangeRecord replaced = latestByPath.put(change.path(), change);
        if (multiUndo != null) {
            multiUndo.add(replaced);
        }
    }

    /** Undoes the current multi's records, newest first, restoring what each replaced. */
    private void rollbackMulti() {
        for (int i = multiUndo.size() - 1; i >= 0; i--) {
            ChangeRecord added = outstanding.removeLast();
            ChangeRecord replaced = multiUndo.get(i);
            if (replaced == null) {
                latestByPath.remove(added.path());
            } else {
                latestByPath.put(added.path(), replaced);
            }
        }
        multiUndo.clear();
    }

    /**
     * Forgets the change records of every txn up to {@code appliedZxid}, which the tree has
     * now applied; the tree itself is then the latest state for their paths unless a later
     * pending record supersedes it.
     */
    public void retire(long appliedZxid) {
        while (!outstanding.isEmpty() && outstanding.peekFirst().zxid() <= appliedZxid) {
            ChangeRecord change = outstanding.removeFirst();
            // Removed only if it is still the path's latest, in one lookup. A later record
            // equal to it has its zxid, so this same loop would retire it anyway.
            latestByPath.remove(change.path(), change);
        }
    }

    /** Drops every pending record, as when the server stops leading. */
    public void discardPending() {
        outstanding.clear();
        latestByPath.clear();
    }

    /** The number of change records not yet retired (for tests and metrics). */
    public int outstandingCount() {
        return outstanding.size();
    }
}
