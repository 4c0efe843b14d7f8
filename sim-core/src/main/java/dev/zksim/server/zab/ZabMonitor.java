package dev.zksim.server.zab;

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
}
