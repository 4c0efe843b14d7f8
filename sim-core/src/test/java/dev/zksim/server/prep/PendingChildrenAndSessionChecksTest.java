package dev.zksim.server.prep;

import static dev.zksim.server.prep.PrepHarness.create;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.server.tree.Txn.CheckTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.ErrorTxn;
import org.junit.jupiter.api.Test;

/**
 * The preparer's bookkeeping that only pipelining exposes (a parent's pending child count,
 * how many change records are outstanding and when they retire) and the session and
 * argument checks of setData, check and paths that start with a NUL. Mutation testing found
 * these unexercised: each test here fails if one of those lines is dropped or bent.
 */
class PendingChildrenAndSessionChecksTest {
    private final PrepHarness server = new PrepHarness();

    @Test
    void aPendingDeleteOfTheLastChildLetsThePipelinedDeleteOfItsParentThrough() {
        server.submit(create("/a"));
        server.submit(create("/a/b"));
        assertThat(server.prepare(Request.delete("/a/b", -1)).txn()).isEqualTo(new DeleteTxn("/a/b"));
        // The tree still shows /a with one child; the pending record says it has none.
        assertThat(server.prepare(Request.delete("/a", -1)).txn()).isEqualTo(new DeleteTxn("/a"));
        server.applyAll();
        assertThat(server.tree.exists("/a")).isFalse();
    }

    @Test
    void aPendingCreateOfAChildMakesThePipelinedDeleteOfItsParentNotEmpty() {
        server.submit(create("/a"));
        server.prepare(create("/a/b"));
        // The tree shows /a empty; the pending create gives it a child.
        assertThat(server.prepare(Request.delete("/a", -1)).txn()).isEqualTo(new ErrorTxn(-111));
    }

    @Test
    void twoPendingChildDeletesAreBothCountedBeforeTheParentEmpties() {
        server.submit(create("/a"));
        server.submit(create("/a/b"));
        server.submit(create("/a/c"));
        server.prepare(Request.delete("/a/b", -1));
        assertThat(server.prepare(Request.delete("/a", -1)).txn()).isEqualTo(new ErrorTxn(-111));
        server.prepare(Request.delete("/a/c", -1));
        assertThat(server.prepare(Request.delete("/a", -1)).txn()).isEqualTo(new DeleteTxn("/a"));
    }

    @Test
    void aCreateLeavesTwoOutstandingRecordsUntilItsZxidIsRetired() {
        server.prepare(create("/a"));
        // One record for the parent's child count and cversion, one for the new node.
        assertThat(server.preparer.outstandingCount()).isEqualTo(2);
        server.prepare(Request.setData("/a", null, -1));
        assertThat(server.preparer.outstandingCount()).isEqualTo(3);
        server.applyNext();
        // Retiring exactly the applied zxid pops its records, not the later setData's.
        assertThat(server.preparer.outstandingCount()).isEqualTo(1);
        server.applyNext();
        assertThat(server.preparer.outstandingCount()).isZero();
    }

    @Test
    void setDataOfAClosingSessionIsSessionExpiredBeforeAnyPathCheck() {
        assertThat(server.prepare(Request.setData("/missing", null, -1), 1, SessionCheck.CLOSING).txn())
                .isEqualTo(new ErrorTxn(-112));
        assertThat(server.prepare(Request.setData("/missing", null, -1), 1, SessionCheck.MOVED).txn())
                .isEqualTo(new ErrorTxn(-118));
    }

    @Test
    void checkOfAClosingSessionIsSessionExpiredWhileALiveOneSucceeds() {
        server.submit(create("/a"));
        assertThat(server.prepare(Request.check("/a", 0), 1, SessionCheck.CLOSING).txn()).isEqualTo(new ErrorTxn(-112));
        assertThat(server.prepare(Request.check("/a", 0), 1, SessionCheck.UNKNOWN).txn()).isEqualTo(new ErrorTxn(-12));
        assertThat(server.prepare(Request.check("/a", 0)).txn()).isEqualTo(new CheckTxn("/a", 0));
    }

    @Test
    void aPathThatStartsWithNulIsBadArgumentsForCreateAndDelete() {
        // ZooKeeper rejects a NUL anywhere in the path, including its first character.
        assertThat(server.submitTxn(create("\u0000/a"))).isEqualTo(new ErrorTxn(-8));
        assertThat(server.submitTxn(Request.delete("\u0000/a", -1))).isEqualTo(new ErrorTxn(-8));
    }
}
