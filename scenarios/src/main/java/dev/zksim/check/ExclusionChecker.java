package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.ArrayList;
import java.util.List;

/**
 * "At no instant do two processes believe they hold conflicting modes." One checker serves
 * the lock (ACQUIRE is exclusive), leader election (ELECTED is exclusive) and the shared
 * lock (WRITE_LOCK is exclusive, READ_LOCK is shared). A holder stops holding at its first
 * release, SUSPENDED, LOST or CRASHED op: a client that has lost its connection must act as
 * if it no longer holds, so what it believes afterwards is not charged to the recipe (the
 * fenced checker covers what it writes).
 *
 * <p>A holder that keeps its lock across a reconnect (Curator's RECONNECTED after SUSPENDED)
 * must record a fresh grant, e.g. a notification ACQUIRE OK, so that the gap in between is
 * visible to this checker. Holds are compared by op index, so a release and the next grant in the same
 * microsecond are ordered as they happened. The earliest conflicting grant is reported.
 */
public final class ExclusionChecker implements Checker {
    private static final List<OpKind> CONNECTION_ENDS = List.of(OpKind.SUSPENDED, OpKind.LOST, OpKind.CRASHED);

    private final String name;
    private final List<OpKind> exclusiveStarts;
    private final List<OpKind> sharedStarts;
    private final List<OpKind> ends;

    /**
     * @param exclusiveStarts kinds whose OK grants a mode that conflicts with every other hold
     * @param sharedStarts kinds whose OK grants a mode that conflicts only with exclusive ones
     * @param ends kinds that end a process's hold, whatever the op type
     */
    public ExclusionChecker(String name, List<OpKind> exclusiveStarts, List<OpKind> sharedStarts, List<OpKind> ends) {
        this.name = name;
        this.exclusiveStarts = List.copyOf(exclusiveStarts);
        this.sharedStarts = List.copyOf(sharedStarts);
        this.ends = List.copyOf(ends);
    }

    /** Believed mutual exclusion of a lock: ACQUIRE ok until RELEASE, SUSPENDED, LOST or CRASHED. */
    public static ExclusionChecker locks() {
        return new ExclusionChecker("mutual exclusion (believed)", List.of(OpKind.ACQUIRE), List.of(),
                withConnectionEnds(OpKind.RELEASE));
    }

    /** At most one leader: ELECTED ok until ABDICATED, SUSPENDED, LOST or CRASHED. */
    public static ExclusionChecker leaders() {
        return new ExclusionChecker("single leader", List.of(OpKind.ELECTED), List.of(),
                withConnectionEnds(OpKind.ABDICATED));
    }

    /** Shared lock: a WRITE_LOCK hold overlaps no other hold; READ_LOCK holds may overlap. */
    public static ExclusionChecker readWriteLocks() {
        return new ExclusionChecker("read/write lock exclusion", List.of(OpKind.WRITE_LOCK), List.of(OpKind.READ_LOCK),
                withConnectionEnds(OpKind.RELEASE));
    }

    private static List<OpKind> withConnectionEnds(OpKind release) {
        List<OpKind> all = new ArrayList<>(CONNECTION_ENDS);
        all.add(0, release);
        return all;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public CheckResult check(History history) {
        List<OpKind> starts = new ArrayList<>(exclusiveStarts);
        starts.addAll(sharedStarts);
        List<Hold> holds = Holds.of(history, starts, ends);
        Overlap earliest = null;
        for (int i = 0; i < holds.size(); i++) {
            for (int j = i + 1; j < holds.size() && holds.get(j).start().index() < holds.get(i).endIndex(); j++) {
                if (conflict(holds.get(i), holds.get(j))
                        && (earliest == null || holds.get(j).start().index() < earliest.later().start().index())) {
                    earliest = new Overlap(holds.get(i), holds.get(j));
                }
            }
        }
        return earliest == null ? CheckResult.valid(name) : violation(earliest.earlier(), earliest.later());
    }

    /** Two conflicting holds; the later one was granted while the earlier one was held. */
    private record Overlap(Hold earlier, Hold later) {
    }

    private boolean conflict(Hold first, Hold second) {
        boolean bothShared = sharedStarts.contains(first.mode()) && sharedStarts.contains(second.mode());
        return !first.process().equals(second.process()) && !bothShared;
    }

    private CheckResult violation(Hold earlier, Hold later) {
        Op grant = later.start();
        String explanation = later.process() + " was granted " + later.mode() + " by " + grant.describe()
                + " while " + earlier.describe();
        List<Op> ops = new ArrayList<>(List.of(earlier.start(), grant));
        earlier.end().ifPresent(ops::add);
        ops.sort((a, b) -> Long.compare(a.index(), b.index()));
        return CheckResult.safety(name, grant.time(), explanation, ops);
    }
}
