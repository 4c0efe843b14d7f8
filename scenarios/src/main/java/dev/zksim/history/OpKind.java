package dev.zksim.history;

/**
 * What an operation does (Jepsen's {@code :f}). It is a validated name rather than an enum
 * on purpose: every recipe workload brings its own verbs, and a closed enum would make each
 * new workload edit this package. The name is still a distinct type, so a kind cannot be
 * confused with a value or a process, and the constants below give the shared vocabulary
 * that the checkers in {@code dev.zksim.check} understand.
 */
public record OpKind(String name) implements Comparable<OpKind> {
    public static final OpKind ACQUIRE = new OpKind("ACQUIRE");
    public static final OpKind RELEASE = new OpKind("RELEASE");
    public static final OpKind READ_LOCK = new OpKind("READ_LOCK");
    public static final OpKind WRITE_LOCK = new OpKind("WRITE_LOCK");
    public static final OpKind REVOKE = new OpKind("REVOKE");
    public static final OpKind FORCED_RELEASE = new OpKind("FORCED_RELEASE");
    public static final OpKind WRITE_PROTECTED = new OpKind("WRITE_PROTECTED");
    public static final OpKind ENQUEUE = new OpKind("ENQUEUE");
    public static final OpKind DEQUEUE = new OpKind("DEQUEUE");
    public static final OpKind ELECTED = new OpKind("ELECTED");
    public static final OpKind ABDICATED = new OpKind("ABDICATED");
    public static final OpKind LIFT = new OpKind("LIFT");
    public static final OpKind ENTER = new OpKind("ENTER");
    public static final OpKind LEAVE = new OpKind("LEAVE");
    public static final OpKind VOTE = new OpKind("VOTE");
    public static final OpKind DECIDE = new OpKind("DECIDE");
    public static final OpKind CONFIG_READ = new OpKind("CONFIG_READ");
    public static final OpKind CONFIG_WRITE = new OpKind("CONFIG_WRITE");
    public static final OpKind JOIN = new OpKind("JOIN");
    public static final OpKind LEAVE_GROUP = new OpKind("LEAVE_GROUP");
    public static final OpKind VIEW = new OpKind("VIEW");
    /** A member now believes it owns the partition (the value). */
    public static final OpKind OWN = new OpKind("OWN");
    /** A member no longer believes it owns the partition (the value). */
    public static final OpKind DISOWN = new OpKind("DISOWN");
    public static final OpKind PUBLISH = new OpKind("PUBLISH");
    public static final OpKind RENDEZVOUS = new OpKind("RENDEZVOUS");
    public static final OpKind ALLOCATE = new OpKind("ALLOCATE");
    /** A shared counter went up by one: OK with the value right after it, or nil when the counter does not say. */
    public static final OpKind INCREMENT = new OpKind("INCREMENT");
    /** A shared counter was read: OK with the value read. */
    public static final OpKind COUNT = new OpKind("COUNT");
    /** The cache's writer created, changed or deleted a child: (create|set|delete, child, data or nil). */
    public static final OpKind CACHE_WRITE = new OpKind("CACHE_WRITE");
    /** A reader built a new cache: what its listener reported before no longer counts. */
    public static final OpKind CACHE_START = new OpKind("CACHE_START");
    /** A cache told its listener that a child holds data: (child, data). */
    public static final OpKind CACHE_PUT = new OpKind("CACHE_PUT");
    /** A cache told its listener that a child is gone: the child. */
    public static final OpKind CACHE_REMOVE = new OpKind("CACHE_REMOVE");
    /** Everything a cache held when sampled, or the directory as the writer read it: sorted child=data texts. */
    public static final OpKind CACHE_VIEW = new OpKind("CACHE_VIEW");
    /** The writer read the whole directory after its writes (sync, list, read each child). */
    public static final OpKind CACHE_AUDIT = new OpKind("CACHE_AUDIT");
    /**
     * A leader wrote the shared state of a controller: invoked with (term, n), the n-th write
     * of the term that began at the ELECTED op of index term; OK with (term, n, version), the
     * state znode's version the write produced.
     */
    public static final OpKind STATE_WRITE = new OpKind("STATE_WRITE");
    /** A reader read a controller's shared state: OK with (version, term, n, writer) as the znode held it. */
    public static final OpKind STATE_READ = new OpKind("STATE_READ");
    public static final OpKind SUSPENDED = new OpKind("SUSPENDED");
    public static final OpKind LOST = new OpKind("LOST");
    public static final OpKind CRASHED = new OpKind("CRASHED");
    /**
     * The client library delivered Disconnected to the process's code for the op's session:
     * from this instant the process has been told its connection is down, and a holder that
     * has not stepped down yet acts as a zombie. Recorded by the harness, not by workloads.
     */
    public static final OpKind DISCONNECTED = new OpKind("DISCONNECTED");
    /**
     * The client library delivered Expired (or Closed, when the process closed the handle
     * itself) to the process's code for the op's session: the process has been told the
     * session is gone. Recorded by the harness, not by workloads.
     */
    public static final OpKind EXPIRED = new OpKind("EXPIRED");
    /**
     * The op's session had its closeSession committed: from this instant ZooKeeper may give
     * what the session held to another client, whatever the session's own client believes.
     * Recorded by the harness, not by workloads; the op's session names the session.
     */
    public static final OpKind SESSION_CLOSED = new OpKind("SESSION_CLOSED");

    /** Names are upper-case words so that printouts and trace lines stay easy to scan. */
    public OpKind {
        if (!isUpperCaseWord(name)) {
            throw new IllegalArgumentException("an op kind is an upper-case word such as ACQUIRE, not '" + name + "'");
        }
    }

    /** [A-Z][A-Z0-9_]*, read by hand: kinds are made per run, and a regular expression would be compiled for each. */
    private static boolean isUpperCaseWord(String name) {
        if (name == null || name.isEmpty() || name.charAt(0) < 'A' || name.charAt(0) > 'Z') {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
                return false;
            }
        }
        return true;
    }

    public static OpKind of(String name) {
        return new OpKind(name);
    }

    /**
     * Equal names are equal kinds; the shared constants usually meet themselves, so the
     * identity test comes first (checkers and goals compare every op's kind, and the
     * generated record equality was a thirtieth of a sweep's CPU). Two different constants
     * are told apart by their names' cached hashes, without reading the names' characters:
     * most comparisons a checker makes are of two different kinds.
     */
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof OpKind kind && name.hashCode() == kind.name.hashCode()
                && name.equals(kind.name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public int compareTo(OpKind other) {
        return name.compareTo(other.name);
    }

    @Override
    public String toString() {
        return name;
    }
}
