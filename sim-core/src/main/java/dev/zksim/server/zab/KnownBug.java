package dev.zksim.server.zab;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A bug that ZooKeeper's server really had, which the simulated ensemble can re-introduce
 * behind a flag, so that the invariants and the explorer can be measured on it (issue 27).
 * Every flag is off by default, and with every flag off the model is ZooKeeper 3.9.5. A flag
 * re-introduces exactly the faulty step of the version before the fix; {@link #implemented()}
 * says whether this build can do so yet (a flag that is not implemented is refused, rather
 * than silently running the fixed model).
 *
 * <pre>{@code
 * EnsembleConfig config = EnsembleConfig.defaults(3).withBugs(EnumSet.of(KnownBug.ZK_4643));
 * KnownBug bug = KnownBug.parse("ZOOKEEPER-4643");
 * }</pre>
 */
public enum KnownBug {
    ZK_1419("ZOOKEEPER-1419", true,
            "the vote order's third clause (same zxid, higher id) has no epoch check, so votes cycle"),
    ZK_2845("ZOOKEEPER-2845", true,
            "a peer re-enters election keeping its in-memory database, and DIFF leaves a phantom znode"),
    ZK_3911("ZOOKEEPER-3911", true,
            "followers persist DIFF proposals only at UPTODATE, but ACK NEWLEADER earlier"),
    ZK_4646("ZOOKEEPER-4646", true,
            "the follower writes currentEpoch and ACKs NEWLEADER while the synced txns still wait for their fsync"),
    ZK_4643("ZOOKEEPER-4643", true,
            "the follower writes currentEpoch before the synced txns are fsynced (the ACK still waits for the fsync)"),
    ZK_4394("ZOOKEEPER-4394", true,
            "a COMMIT arrives for a proposal already drained from packetsNotCommitted during NEWLEADER"),
    ZK_4785("ZOOKEEPER-4785", true,
            "uncommitted DIFF txns are not all written before the follower can be bounced"),
    ZK_4712("ZOOKEEPER-4712", true,
            "Follower.shutdown() leaves the SyncRequestProcessor running into the next epoch"),
    ZK_4925("ZOOKEEPER-4925", true,
            "txns applied during SYNC do not append to committedLog, leaving a hole"),
    ZK_5094("ZOOKEEPER-5094", true,
            "committed txns before NEWLEADER go to memory only on TRUNC; a dropped connection leaves memory ahead of the log"),
    ZK_4882("ZOOKEEPER-4882", true,
            "a proposal commits in memory on a node whose log write failed"),
    ZK_3144("ZOOKEEPER-3144", true,
            "lastProcessedZxid and the session change race in a fuzzy snapshot"),
    CREB_SNAPSHOT_EPOCH("CREB-SNAPSHOT-EPOCH", true,
            "a crash between the NEWLEADER snapshot and setCurrentEpoch leaves a server that refuses to start");

    /** No bug: ZooKeeper 3.9.5. */
    public static final Set<KnownBug> NONE = Collections.unmodifiableSet(EnumSet.noneOf(KnownBug.class));

    private final String id;
    private final boolean implemented;
    private final String reintroduces;

    KnownBug(String id, boolean implemented, String reintroduces) {
        this.id = id;
        this.implemented = implemented;
        this.reintroduces = reintroduces;
    }

    /** The name on the command line and in ZooKeeper's JIRA, such as "ZOOKEEPER-1419". */
    public String id() {
        return id;
    }

    /** Whether this build re-introduces the bug; a flag that is not is refused by {@link #parse}. */
    public boolean implemented() {
        return implemented;
    }

    /** One line: the faulty step the flag re-introduces. */
    public String reintroduces() {
        return reintroduces;
    }

    /**
     * The bug with this id (case-insensitive, "ZOOKEEPER-1419" or "1419"). An unknown id, or
     * one this build does not implement yet, is an IllegalArgumentException with a one-line
     * reason, so that no run pretends to exhibit a bug that its model does not contain.
     */
    public static KnownBug parse(String text) {
        String wanted = text.trim().toUpperCase(Locale.ROOT);
        for (KnownBug bug : values()) {
            if (bug.id.equals(wanted) || bug.id.equals("ZOOKEEPER-" + wanted)) {
                if (!bug.implemented) {
                    throw new IllegalArgumentException("known bug " + bug.id + " is not implemented in this build (see"
                            + " ./zksim known-bugs --list)");
                }
                return bug;
            }
        }
        throw new IllegalArgumentException("unknown bug '" + text + "' (known: " + String.join(", ", ids(List.of(values())))
                + ")");
    }

    /**
     * The bugs in declaration order, as an unmodifiable set (EnumSet iterates in that order).
     * A bug this build does not implement is refused here, so that no configuration claims a
     * bug its model does not contain.
     */
    public static Set<KnownBug> setOf(Collection<KnownBug> bugs) {
        for (KnownBug bug : bugs) {
            if (!bug.implemented) {
                throw new IllegalArgumentException("known bug " + bug.id + " is not implemented in this build");
            }
        }
        return Collections.unmodifiableSet(bugs.isEmpty() ? EnumSet.noneOf(KnownBug.class) : EnumSet.copyOf(bugs));
    }

    /** The ids of these bugs, in their order. */
    public static List<String> ids(Collection<KnownBug> bugs) {
        List<String> ids = new ArrayList<>();
        for (KnownBug bug : bugs) {
            ids.add(bug.id);
        }
        return ids;
    }
}
