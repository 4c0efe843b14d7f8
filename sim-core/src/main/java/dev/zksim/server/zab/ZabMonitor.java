package dev.zksim.server.zab;

import java.util.List;

/**
 * An observer of protocol facts that safety checks need, shared by all peers of a run and
 * living outside any process so that it survives crashes. {@link ZabInvariants} is the
 * checking implementation; {@link #NONE} ignores everything.
 */
public interface ZabMonitor {
    ZabMonitor NONE = new ZabMonitor() {
    };

    /** A peer delivered a committed txn to its application. */
    default void delivered(long sid, long zxid, Object payload) {
    }

    /**
     * A peer's application state was replaced by a snapshot as of zxid: at start (zxid 0
     * for a peer with no snapshot) or by a SNAP sync. Its deliveries resume after zxid.
     */
    default void stateReset(long sid, long zxid) {
    }

    /** A leader got a quorum to ack NEWLEADER in this epoch. */
    default void established(long sid, long epoch) {
    }

    /**
     * A leader is about to be established in this epoch with this history: its log base (the
     * snapshot it continues from) and the txns logged after it, committed or not. Called just
     * before {@link #established}; the list must not be kept.
     */
    default void leaderHistory(long sid, long epoch, long base, List<LogEntry> log) {
    }

    /**
     * A LOOKING peer proposes this vote in this election round: its own or one it adopted.
     * {@code replaced} is the vote of the same round it gives up for it, or null when the
     * vote opens the round.
     */
    default void voteCast(long sid, long round, Vote replaced, Vote vote) {
    }

    /** A follower is about to cut these txns from its log (a TRUNC); the list must not be kept. */
    default void truncating(long sid, List<LogEntry> dropped) {
    }

    /** A follower is about to append a txn to its log, whose last txn is lastLogged (its log base if empty). */
    default void logAppend(long sid, long zxid, long lastLogged) {
    }

    /**
     * A follower received a COMMIT it cannot match to a proposal: neither logged nor pending
     * among the proposals of its synchronisation.
     */
    default void commitWithoutProposal(long sid, long zxid) {
    }
}
