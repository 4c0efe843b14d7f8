package dev.zksim.server.zab;

/**
 * The replicated application on top of Zab: the ZooKeeper server layer, or a toy in tests.
 * All callbacks run on the simulation thread, inside the peer's process, synchronously from
 * Zab's handlers; they must not call back into the peer's role transitions (proposing and
 * sending app messages from a callback is fine).
 */
public interface ZabApplication {

    /**
     * A committed txn. Calls come in strictly increasing zxid order, without gaps in the
     * committed history, and only for txns a quorum holds; after a restart or a SNAP the
     * sequence resumes after the zxid given to {@link #installSnapshot}. Followers deliver
     * from COMMIT and UPTODATE; the leader delivers when its quorum acks a proposal, and
     * when it is established it first delivers every txn in its own log (reference 5.4).
     */
    void deliver(long zxid, Object payload);

    /** The application state as of the last delivered zxid, as an immutable value. */
    Object takeSnapshot();

    /**
     * The state a snapshot file holds with ZOOKEEPER-3144 re-introduced: ZooKeeper's snapshot
     * thread runs while txns apply, stamps the file with the last processed zxid read at its
     * start, and serializes the session table apart from the tree. Before the fix, the
     * commit thread updated the tree (and that zxid) before the session tracker, so a
     * snapshot starting in between holds the zxid of a createSession or closeSession without
     * its effect on the sessions; the replay after a restart starts after that zxid and never
     * puts it back. The peer asks for this instead of {@link #takeSnapshot} for its own
     * snapshot files when the flag is set; an application without sessions has no such race.
     */
    default Object takeSnapshotRacingTheSessionTracker() {
        return takeSnapshot();
    }

    /**
     * Replaces the whole application state: at start, from the newest readable snapshot on
     * disk (a peer without one gets no call and starts from the empty state), and when a
     * leader syncs this peer by SNAP. Deliveries then resume after zxid. A SNAP may carry a
     * state older than what this peer delivered before (the leader's own state); the txns
     * sent with it bring the application forward again before it serves.
     */
    void installSnapshot(Object snapshot, long zxid);

    /**
     * The election decided ({@code FOLLOWING} or {@code LEADING}, with the leader's sid) or
     * the peer went back to {@code LOOKING} (leaderId -1). Leaving FOLLOWING or LEADING
     * means the peer stopped serving: drop clients.
     */
    void roleChanged(Role role, long leaderId);

    /**
     * Broadcast started: the leader has a quorum synced in {@code epoch} and accepts
     * {@link QuorumPeer#propose}, or the follower received UPTODATE. Clients may be served
     * until the next {@link #roleChanged}.
     */
    void serving(Role role, long epoch);

    /** Leader side: an application message from a follower, in the order it sent them. */
    void onLearnerMessage(long sid, Object message);

    /**
     * Follower side: an application message from the leader. It arrives after every
     * COMMIT the leader sent before it, so its effects are ordered with deliveries.
     */
    void onLeaderMessage(Object message);
}
