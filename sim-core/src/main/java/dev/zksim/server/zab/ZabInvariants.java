package dev.zksim.server.zab;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The safety properties of Zab, checked as a run goes:
 * <ul>
 *   <li>agreement: one payload per committed zxid, across all peers and incarnations;
 *   <li>prefix order: each peer delivers in increasing zxid order and never skips a zxid
 *       that any peer delivered, so every peer's sequence (after its last snapshot) is a
 *       contiguous piece of one global committed sequence;
 *   <li>at most one leader is established per epoch.
 * </ul>
 * Survival of committed txns is checked at the end with {@link #missingFrom}, against the
 * state each live peer's application holds. Violations are collected, not thrown, so a
 * checker can report them all; {@link #assertHolds()} throws with the list.
 */
public final class ZabInvariants implements ZabMonitor {
    private final NavigableMap<Long, Object> committed = new TreeMap<>();
    private final Map<Long, Long> lastDelivered = new TreeMap<>();
    private final Map<Long, Long> resetPoint = new TreeMap<>();
    private final Map<Long, Long> leaders = new TreeMap<>();
    private final List<String> violations = new ArrayList<>();

    @Override
    public void delivered(long sid, long zxid, Object payload) {
        long previous = lastDelivered.getOrDefault(sid, 0L);
        if (zxid <= previous) {
            violations.add("peer " + sid + " delivered " + Zxid.hex(zxid) + " after " + Zxid.hex(previous));
        }
        Long skipped = committed.higherKey(previous);
        if (skipped != null && skipped < zxid) {
            violations.add("peer " + sid + " skipped committed " + Zxid.hex(skipped) + " before " + Zxid.hex(zxid));
        }
        Object known = committed.get(zxid);
        if (known == null && !committed.containsKey(zxid)) {
            checkNobodySkipped(sid, zxid);
            committed.put(zxid, payload);
        } else if (!Objects.equals(known, payload)) {
            violations.add("peer " + sid + " delivered " + Zxid.hex(zxid) + " as " + payload + " but it was " + known);
        }
        lastDelivered.put(sid, zxid);
    }

    /** A zxid committed for the first time must not fall inside another peer's delivered range. */
    private void checkNobodySkipped(long sid, long zxid) {
        for (var entry : lastDelivered.entrySet()) {
            long other = entry.getKey();
            if (other != sid && resetPoint.getOrDefault(other, 0L) < zxid && zxid < entry.getValue()) {
                violations.add("peer " + other + " skipped " + Zxid.hex(zxid) + " (delivered by " + sid + ")");
            }
        }
    }

    @Override
    public void stateReset(long sid, long zxid) {
        lastDelivered.put(sid, zxid);
        resetPoint.put(sid, zxid);
        if (zxid != 0 && !committed.isEmpty() && committed.lastKey() >= zxid && !committed.containsKey(zxid)) {
            violations.add("peer " + sid + " installed a snapshot at " + Zxid.hex(zxid) + ", not a committed zxid");
        }
    }

    @Override
    public void established(long sid, long epoch) {
        Long previous = leaders.putIfAbsent(epoch, sid);
        if (previous != null && previous != sid) {
            violations.add("epoch " + epoch + " established by both " + previous + " and " + sid);
        }
    }

    /** The payload committed at this zxid, or null if no peer delivered it. */
    public Object committedAt(long zxid) {
        return committed.get(zxid);
    }

    /** Every zxid some peer delivered, with its payload, in zxid order. */
    public NavigableMap<Long, Object> committed() {
        return new TreeMap<>(committed);
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
        for (var entry : committed.entrySet()) {
            if (!held.containsKey(entry.getKey()) || !Objects.equals(held.get(entry.getKey()), entry.getValue())) {
                problems.add("peer " + sid + " lacks committed " + new LogEntry(entry.getKey(), entry.getValue()));
            }
        }
        for (LogEntry entry : state) {
            if (!committed.containsKey(entry.zxid())) {
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
}
