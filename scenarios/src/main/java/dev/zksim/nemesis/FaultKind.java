package dev.zksim.nemesis;

/** The kinds of fault a generated plan can contain; a scenario enables a subset. */
public enum FaultKind {
    CRASH_SERVER,
    CRASH_LEADER,
    CRASH_CLIENT,
    PAUSE_SERVER,
    PAUSE_CLIENT,
    PARTITION,
    ONE_WAY_PARTITION,
    ISOLATE_LEADER,
    EXPIRE_SESSION,
    DROP_REPLY,
    LOSE_REQUEST,
    LAG_FOLLOWER,
    CLOG,
    /** For the outage, every request risks being lost, or its reply lost, at a small drawn rate. */
    REQUEST_LOSS,
    /**
     * A client's session expires and its closeSession commits only after the outage: the
     * client may hear Expired and open a new session while its old ephemerals still exist.
     */
    DELAYED_CLOSE,
    /**
     * A server's disk fails its writes for the outage (txn log fsyncs, snapshots): opt-in
     * ({@link dev.zksim.testkit.Profiles#withDiskErrors}), so that the standard profiles draw
     * their plans as before.
     */
    DISK_ERROR,
    /**
     * Every thread of a client that waits in {@code Object.wait} wakes without a notify, as
     * the JVM allows, and with none waiting the client's next wait ends at once: code that
     * waits once instead of in a loop goes on with its condition still false. Only threads of
     * code under the zksim agent wait that way. Opt-in
     * ({@link dev.zksim.testkit.Profiles#withSpuriousWakeups}), so that the standard profiles
     * draw their plans as before.
     */
    SPURIOUS_WAKEUP
}
