package dev.zksim.server.prep;

import dev.zksim.api.CreateMode;
import dev.zksim.api.Op;
import dev.zksim.server.tree.ApplyResult;
import dev.zksim.server.tree.DataTree;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

/**
 * A leader in miniature for tests: one tree, one preparer and a zxid counter. submit()
 * prepares and applies at once; prepare() leaves the txn pending so tests can pipeline,
 * and applyNext() applies and retires the oldest pending one, as the commit path would.
 */
final class PrepHarness {
    static final long SESSION = 0x5eL;
    static final long TIME = 50_000;

    final DataTree tree = DataTree.standalone();
    final RequestPreparer preparer = new RequestPreparer(tree);
    private final ArrayDeque<Transaction> pending = new ArrayDeque<>();
    private long lastZxid;

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static Request create(String path, CreateMode mode) {
        return Request.create(path, bytes("d"), mode);
    }

    static Request create(String path) {
        return create(path, CreateMode.PERSISTENT);
    }

    static Request.MultiRequest multi(Op... ops) {
        return new Request.MultiRequest(List.of(ops));
    }

    Transaction prepare(Request request) {
        return prepare(request, SESSION, SessionCheck.OK);
    }

    Transaction prepare(Request request, long session, SessionCheck check) {
        Transaction txn = preparer.prepare(request, session, 1, check, ++lastZxid, TIME + lastZxid);
        pending.addLast(txn);
        return txn;
    }

    ApplyResult applyNext() {
        Transaction txn = pending.removeFirst();
        ApplyResult result = tree.apply(txn);
        preparer.retire(txn.zxid());
        return result;
    }

    /** Prepares, applies and retires one request; returns the applied result. */
    ApplyResult submit(Request request) {
        return submit(request, SESSION, SessionCheck.OK);
    }

    ApplyResult submit(Request request, long session, SessionCheck check) {
        prepare(request, session, check);
        while (pending.size() > 1) {
            applyNext();
        }
        return applyNext();
    }

    /** Prepares, applies and retires one request; returns the prepared txn body. */
    Txn submitTxn(Request request) {
        Transaction txn = prepare(request);
        applyAll();
        return txn.txn();
    }

    void applyAll() {
        while (!pending.isEmpty()) {
            applyNext();
        }
    }

    long lastZxid() {
        return lastZxid;
    }
}
