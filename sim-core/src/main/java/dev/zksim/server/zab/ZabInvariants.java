package dev.zksim.server.zab;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The safety properties of Zab, checked as a run goes:
 * <ul>
 *   <li>agreement: one payload per committed zxid, across all peers and incarnations;
 *   <li>prefix order: each peer delivers in increasing zxid order and never skips a zxid
 *       that any peer delivered, so every peer's sequence (after its last snapshot) is a
 *       contiguous piece of one global committed sequence;
 *   <li>at most one leader is established per epoch;
 *   <li>leader completeness: a leader is established only with a history that holds every
 *       txn committed so far (the Zab specs' LeaderLogCompleteness), as a snapshot it
 *       continues from or as a logged txn;
 *   <li>a committed txn is never truncated: no TRUNC cuts a txn that some peer delivered;
 *   <li>votes rise within a round: a peer only ever replaces its vote of an election round by
 *       a better one, so it changes its vote at most once per member and the election ends
 *       (when votes cycle, no leader emerges within any bound);
 *   <li>history order: a peer's txn log grows in zxid order, so that it is a history (ZooKeeper's
 *       FileTxnLog only warns "Current zxid ... is &lt;= ..." and replays such a txn at load);
 *   <li>a COMMIT matches a proposal (the specs' commitInconsistent): a follower is never
 *       sent a COMMIT for a txn it holds neither in its log nor among its pending proposals.
 * </ul>
 * A listener ({@link #onViolation}) can turn a violation into a failure at the very step.
 * Survival of committed txns is checked at the end with {@link #missingFrom}, against the
 * state each live peer's application holds. Violations are collected, not thrown, so a
 * checker can report them all; {@link #assertHolds()} throws with the list.
 */
public final class ZabInvariants implements ZabMonitor {
    private final Committed committed = new Committed();
    /**
     * What each peer delivered, in id order, as they are walked when a new zxid is committed.
     * An ensemble has a handful of peers and every delivery looks one up, so a short sorted
     * list searched in place beats a map of boxed ids.
     */
    private final List<Peer> peers = new ArrayList<>();
    private final Map<Long, Long> leaders = new TreeMap<>();
    private final List<String> violations = new ArrayList<>();
    private Consumer<String> listener = violation -> {
    };

    /**
     * Calls the listener with each violation as it is found, after it is recorded: an
     * ensemble throws a safety failure from it, so that the run stops at the faulty step.
     */
    public void onViolation(Consumer<String> violationListener) {
        this.listener = violationListener;
    }

    private void violate(String violation) {
        violations.add(violation);
        listener.accept(violation);
    }

    /**
     * One peer's place in the committed sequence, changed in place: every delivery of every
     * peer updates it, and a map of boxed zxids made a new box for each.
     */
    private static final class Peer {
        final long sid;
        /** The last zxid the peer delivered, or the one its state was reset to. */
        long lastDelivered;
        /** The zxid of the peer's last state reset (0 if none). */
        long resetPoint;

        Peer(long sid) {
            this.sid = sid;
        }
    }

    private Peer peer(long sid) {
        int index = 0;
        while (index < peers.size() && peers.get(index).sid < sid) {
            index++;
        }
        if (index < peers.size() && peers.get(index).sid == sid) {
            return peers.get(index);
        }
        Peer peer = new Peer(sid);
        peers.add(index, peer);
        return peer;
    }

    @Override
    public void delivered(long sid, long zxid, Object payload) {
        Peer peer = peer(sid);
        long previous = peer.lastDelivered;
        if (zxid <= previous) {
            violate("peer " + sid + " delivered " + Zxid.hex(zxid) + " after " + Zxid.hex(previous));
        }
        int next = committed.indexAbove(previous);
        long skipped = next < committed.size ? committed.zxids[next] : Long.MAX_VALUE;
        if (skipped < zxid) {
            violate("peer " + sid + " skipped committed " + Zxid.hex(skipped) + " before " + Zxid.hex(zxid));
        }
        int index = committed.indexOf(zxid);
        if (index < 0) {
            checkNobodySkipped(sid, zxid);
            committed.insert(-1 - index, zxid, payload);
        } else if (!Objects.equals(committed.payloads[index], payload)) {
            Object known = committed.payloads[index];
            violate("peer " + sid + " delivered " + Zxid.hex(zxid) + " as " + payload + " but it was " + known);
        }
        peer.lastDelivered = zxid;
    }

    /** A zxid committed for the first time must not fall inside another peer's delivered range. */
    private void checkNobodySkipped(long sid, long zxid) {
        for (Peer peer : peers) {
            if (peer.sid != sid && peer.resetPoint < zxid && zxid < peer.lastDelivered) {
                violate("peer " + peer.sid + " skipped " + Zxid.hex(zxid) + " (delivered by " + sid + ")");
            }
        }
    }

    @Override
    public void stateReset(long sid, long zxid) {
        Peer peer = peer(sid);
        peer.lastDelivered = zxid;
        peer.resetPoint = zxid;
        if (zxid != 0 && committed.size > 0 && committed.zxids[committed.size - 1] >= zxid && committed.indexOf(zxid) < 0) {
            violate("peer " + sid + " installed a snapshot at " + Zxid.hex(zxid) + ", not a committed zxid");
        }
    }

    @Override
    public void established(long sid, long epoch) {
        Long previous = leaders.putIfAbsent(epoch, sid);
        if (previous != null && previous != sid) {
            violate("epoch " + epoch + " established by both " + previous + " and " + sid);
        }
    }

    @Override
    public void leaderHistory(long sid, long epoch, long base, List<LogEntry> log) {
        int logIndex = 0;
        for (int i = committed.indexAbove(base); i < committed.size; i++) {
            long zxid = committed.zxids[i];
            while (logIndex < log.size() && log.get(logIndex).zxid() < zxid) {
                logIndex++;
            }
            if (logIndex == log.size() || log.get(logIndex).zxid() != zxid) {
                violate("leader " + sid + " of epoch " + epoch + " lacks committed " + Zxid.hex(zxid)
                        + " (its history ends at " + Zxid.hex(log.isEmpty() ? base : log.getLast().zxid()) + ")");
                return;
            }
        }
    }

    @Override
    public void voteCast(long sid, long round, Vote replaced, Vote vote) {
        if (replaced != null && !vote.beats(replaced)) {
            violate("peer " + sid + " replaced its vote " + replaced + " by the lower " + vote + " in round " + round
                    + " (the vote order is not total: votes can cycle and no leader emerge)");
        }
    }

    @Override
    public void truncating(long sid, List<LogEntry> dropped) {
        for (LogEntry entry : dropped) {
            if (committed.indexOf(entry.zxid()) >= 0) {
                violate("peer " + sid + " truncated committed " + Zxid.hex(entry.zxid()));
                return;
            }
        }
    }

    @Override
    public void logAppend(long sid, long zxid, long lastLogged) {
        if (zxid <= lastLogged) {
            violate("peer " + sid + " wrote " + Zxid.hex(zxid) + " to its txn log after " + Zxid.hex(lastLogged)
                    + " (its log is no longer a history in zxid order)");
        }
    }

    @Override
    public void commitWithoutProposal(long sid, long zxid) {
        violate("peer " + sid + " received COMMIT " + Zxid.hex(zxid) + " but holds no proposal to match it"
                + " (commitInconsistent: ZooKeeper's learner fails with a NullPointerException and drops out)");
    }

    /** The payload committed at this zxid, or null if no peer delivered it. */
    public Object committedAt(long zxid) {
        int index = committed.indexOf(zxid);
        return index < 0 ? null : committed.payloads[index];
    }

    /** Every zxid some peer delivered, with its payload, in zxid order. */
    public NavigableMap<Long, Object> committed() {
        NavigableMap<Long, Object> copy = new TreeMap<>();
        for (int i = 0; i < committed.size; i++) {
            copy.put(committed.zxids[i], committed.payloads[i]);
        }
        return copy;
    }

    /** The epochs established so far and their leaders. */
    public Map<Long, Long> leaders() {
        return new TreeMap<>(leaders);
    }

    /**
     * The committed txns that a peer's application state lacks or holds differently. The
     * state must be the peer's whole delivered sequence, as (zxid, payload) entries.
     */
    public List<String> missingFrom(long sid, List<LogEntry> state) {
        List<String> problems = new ArrayList<>();
        Map<Long, Object> held = new TreeMap<>();
        for (LogEntry entry : state) {
            held.put(entry.zxid(), entry.payload());
        }
        for (int i = 0; i < committed.size; i++) {
            long zxid = committed.zxids[i];
            if (!held.containsKey(zxid) || !Objects.equals(held.get(zxid), committed.payloads[i])) {
                problems.add("peer " + sid + " lacks committed " + new LogEntry(zxid, committed.payloads[i]));
            }
        }
        for (LogEntry entry : state) {
            if (committed.indexOf(entry.zxid()) < 0) {
                problems.add("peer " + sid + " holds " + entry + " that no peer delivered");
            }
        }
        return problems;
    }

    public List<String> violations() {
        return List.copyOf(violations);
    }

    public void assertHolds() {
        if (!violations.isEmpty()) {
            throw new AssertionError("Zab invariants violated:\n  " + String.join("\n  ", violations));
        }
    }

    /**
     * Every committed zxid with its payload, sorted: two parallel arrays rather than a
     * TreeMap, which at a million txns was two thirds of this checker's CPU (a cache miss
     * per tree level) and 64 bytes per txn. Zxids are committed in increasing order, so an
     * insert is almost always an append.
     */
    private static final class Committed {
        long[] zxids = new long[16];
        Object[] payloads = new Object[16];
        int size;

        /** The index of zxid, or -1 - the index it would be inserted at; the newest zxids are asked about most. */
        int indexOf(long zxid) {
            for (int i = size - 1; i >= Math.max(0, size - 4); i--) {
                if (zxids[i] <= zxid) {
                    return zxids[i] == zxid ? i : -(i + 1) - 1;
                }
            }
            return Arrays.binarySearch(zxids, 0, size, zxid);
        }

        /** The index of the first zxid above the given one (size if there is none). */
        int indexAbove(long zxid) {
            int index = indexOf(zxid);
            return index >= 0 ? index + 1 : -1 - index;
        }

        void insert(int index, long zxid, Object payload) {
            if (size == zxids.length) {
                zxids = Arrays.copyOf(zxids, size * 2);
                payloads = Arrays.copyOf(payloads, size * 2);
            }
            System.arraycopy(zxids, index, zxids, index + 1, size - index);
            System.arraycopy(payloads, index, payloads, index + 1, size - index);
            zxids[index] = zxid;
            payloads[index] = payload;
            size++;
        }
    }
}
