package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker must be able to fail: each broken history below is caught. */
class ZabInvariantsTest {
    private static final long A = Zxid.make(1, 1);
    private static final long B = Zxid.make(1, 2);
    private static final long C = Zxid.make(1, 3);

    @Test
    void consistentPrefixesPass() {
        ZabInvariants check = new ZabInvariants();
        check.delivered(1, A, "a");
        check.delivered(1, B, "b");
        check.delivered(2, A, "a");
        check.stateReset(3, B);
        check.delivered(3, C, "c");
        check.established(1, 1);
        check.established(1, 1);
        check.assertHolds();
        assertThat(check.missingFrom(1, List.of(new LogEntry(A, "a"), new LogEntry(B, "b")))).containsExactly(
                "peer 1 lacks committed " + new LogEntry(C, "c"));
    }

    @Test
    void divergentPayloadIsCaught() {
        ZabInvariants check = new ZabInvariants();
        check.delivered(1, A, "a");
        check.delivered(2, A, "x");
        assertThat(check.violations()).singleElement().asString().contains("as x but it was a");
    }

    @Test
    void skippedAndReorderedTxnsAreCaught() {
        ZabInvariants check = new ZabInvariants();
        check.delivered(1, A, "a");
        check.delivered(1, B, "b");
        check.delivered(2, B, "b");
        check.delivered(1, A, "a");
        assertThat(check.violations()).hasSize(2);
        assertThat(check.violations().get(0)).contains("peer 2 skipped committed");
        assertThat(check.violations().get(1)).contains("delivered 0x100000001 after 0x100000002");
    }

    @Test
    void laterCommitInsideAnotherPeersRangeIsCaught() {
        ZabInvariants check = new ZabInvariants();
        check.delivered(1, A, "a");
        check.delivered(1, C, "c");
        check.delivered(2, A, "a");
        check.delivered(2, B, "b");
        assertThat(check.violations()).anySatisfy(v -> assertThat(v).contains("peer 1 skipped 0x100000002"));
    }

    @Test
    void peersThatSkippedACommitAreListedBySidWhateverOrderTheyFirstDelivered() {
        ZabInvariants check = new ZabInvariants();
        check.delivered(3, A, "a");
        check.delivered(3, C, "c");
        check.delivered(1, A, "a");
        check.delivered(1, C, "c");
        check.delivered(2, A, "a");
        check.delivered(2, B, "b");
        assertThat(check.violations()).containsExactly("peer 1 skipped 0x100000002 (delivered by 2)",
                "peer 3 skipped 0x100000002 (delivered by 2)");
    }

    @Test
    void aPeerResetPastACommitHasNotSkippedIt() {
        ZabInvariants check = new ZabInvariants();
        check.delivered(1, A, "a");
        check.stateReset(3, C);
        check.delivered(2, A, "a");
        check.delivered(2, B, "b");
        check.delivered(1, C, "c");
        assertThat(check.violations()).singleElement().asString().isEqualTo("peer 1 skipped committed 0x100000002 before 0x100000003");
    }

    @Test
    void twoLeadersInOneEpochAreCaught() {
        ZabInvariants check = new ZabInvariants();
        check.established(1, 4);
        check.established(2, 4);
        assertThatThrownBy(check::assertHolds).hasMessageContaining("epoch 4 established by both 1 and 2");
    }

    @Test
    void aLeaderLackingACommittedTxnIsCaught() {
        ZabInvariants check = new ZabInvariants();
        check.delivered(1, A, "a");
        check.delivered(1, B, "b");
        check.leaderHistory(2, 2, 0, List.of(new LogEntry(A, "a"), new LogEntry(B, "b"), new LogEntry(C, "c")));
        check.leaderHistory(3, 2, A, List.of(new LogEntry(B, "b")));
        check.assertHolds();
        check.leaderHistory(3, 3, 0, List.of(new LogEntry(A, "a")));
        assertThat(check.violations()).singleElement().asString()
                .isEqualTo("leader 3 of epoch 3 lacks committed 0x100000002 (its history ends at 0x100000001)");
    }

    @Test
    void truncatingACommittedTxnIsCaughtButNotAnUncommittedOne() {
        ZabInvariants check = new ZabInvariants();
        check.delivered(1, A, "a");
        check.truncating(2, List.of(new LogEntry(B, "b")));
        check.assertHolds();
        check.truncating(2, List.of(new LogEntry(A, "a"), new LogEntry(B, "b")));
        assertThat(check.violations()).singleElement().asString().isEqualTo("peer 2 truncated committed 0x100000001");
    }

    /** The vote order of ZOOKEEPER-1419 lets two votes beat each other; the invariant sees the fall. */
    @Test
    void aVoteReplacedByALowerOneIsCaught() {
        Vote newerEpoch = new Vote(1, B, 2);
        Vote higherId = new Vote(3, B, 1);
        assertThat(higherId.beatsWithout1419Fix(newerEpoch)).isTrue();
        assertThat(newerEpoch.beatsWithout1419Fix(higherId)).isTrue();
        assertThat(higherId.beats(newerEpoch)).isFalse();
        ZabInvariants check = new ZabInvariants();
        check.voteCast(1, 1, null, newerEpoch);
        check.voteCast(3, 1, higherId, newerEpoch);
        check.assertHolds();
        check.voteCast(1, 1, newerEpoch, higherId);
        assertThat(check.violations()).singleElement().asString().startsWith(
                "peer 1 replaced its vote Vote(1, 0x100000002, e2) by the lower Vote(3, 0x100000002, e1) in round 1");
    }

    /** A SyncThread left running (ZOOKEEPER-4712) writes a txn again, or an older one after a newer. */
    @Test
    void aLogWrittenOutOfZxidOrderIsCaught() {
        ZabInvariants check = new ZabInvariants();
        check.logAppend(2, A, 0);
        check.logAppend(2, C, A);
        check.assertHolds();
        check.logAppend(2, C, C);
        check.logAppend(2, B, C);
        assertThat(check.violations()).containsExactly(
                "peer 2 wrote 0x100000003 to its txn log after 0x100000003 (its log is no longer a history in zxid order)",
                "peer 2 wrote 0x100000002 to its txn log after 0x100000003 (its log is no longer a history in zxid order)");
    }

    /** ZOOKEEPER-4394: the follower's syncWithLeader meets a COMMIT with no pending proposal. */
    @Test
    void aCommitWithoutAProposalIsCaught() {
        ZabInvariants check = new ZabInvariants();
        check.commitWithoutProposal(3, B);
        assertThat(check.violations()).singleElement().asString()
                .startsWith("peer 3 received COMMIT 0x100000002 but holds no proposal to match it (commitInconsistent");
    }

    @Test
    void aListenerHearsEachViolationAsItIsFound() {
        ZabInvariants check = new ZabInvariants();
        List<String> heard = new ArrayList<>();
        check.onViolation(heard::add);
        check.established(1, 4);
        check.established(2, 4);
        assertThat(heard).containsExactly("epoch 4 established by both 1 and 2");
    }
}
