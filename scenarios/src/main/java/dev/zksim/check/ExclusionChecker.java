package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * "At no instant do two processes believe they hold conflicting modes." One checker serves
 * the lock (ACQUIRE is exclusive), leader election (ELECTED is exclusive) and the shared
 * lock (WRITE_LOCK is exclusive, READ_LOCK is shared). A belief ends when the recipe says it
 * ended (release, SUSPENDED, LOST) or its process crashes, not when its session is lost: a
 * holder that was told Disconnected or Expired and keeps acting is the zombie of Helix's and
 * many home-grown elections, and an overlap with it is a violation.
 *
 * <p>An overlap is excused only while one of the two holders could not know: its session's
 * closeSession had committed and the client library had delivered nothing to it yet (it was
 * paused, or cut off with its own timers still running). Only fencing protects a resource
 * from such a holder, and the fenced checks judge that ({@link Hold#excusedAt}).
 *
 * <p>A holder that keeps its lock across a reconnect (Curator's RECONNECTED after SUSPENDED)
 * must record a fresh grant, e.g. a notification ACQUIRE OK, so that the gap in between is
 * visible to this checker. Holds are compared by op index, so a release and the next grant in
 * the same microsecond are ordered as they happened. The earliest unexcused overlap is reported.
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
                if (!conflict(holds.get(i), holds.get(j))) {
                    continue;
                }
                Optional<Op> from = firstUnexcused(holds.get(i), holds.get(j));
                if (from.isPresent() && (earliest == null || from.get().index() < earliest.from().index())) {
                    earliest = new Overlap(holds.get(i), holds.get(j), from.get());
                }
            }
        }
        return earliest == null ? CheckResult.valid(name) : violation(earliest);
    }

    /**
     * The first instant both holds are believed and neither holder is excused, as the op that
     * marks it. The overlap starts at the later grant; an excuse ends when its holder is told
     * or stops, so the first unexcused instant is one of those three ops.
     */
    static Optional<Op> firstUnexcused(Hold earlier, Hold later) {
        long until = Math.min(earlier.endIndex(), later.endIndex());
        List<Op> candidates = new ArrayList<>(List.of(later.start()));
        earlier.told().ifPresent(candidates::add);
        later.told().ifPresent(candidates::add);
        candidates.sort(Comparator.comparingLong(Op::index));
        for (Op at : candidates) {
            long index = at.index();
            if (index >= later.start().index() && index < until && !earlier.excusedAt(index)
                    && !later.excusedAt(index)) {
                return Optional.of(at);
            }
        }
        return Optional.empty();
    }

    /** Two conflicting holds; the later one was granted while the earlier one was held. */
    private record Overlap(Hold earlier, Hold later, Op from) {
    }

    private boolean conflict(Hold first, Hold second) {
        boolean bothShared = sharedStarts.contains(first.mode()) && sharedStarts.contains(second.mode());
        return !first.process().equals(second.process()) && !bothShared;
    }

    private CheckResult violation(Overlap overlap) {
        Hold earlier = overlap.earlier();
        Hold later = overlap.later();
        Op grant = later.start();
        long at = overlap.from().index();
        StringBuilder explanation = new StringBuilder(later.process() + " was granted " + later.mode() + " by "
                + grant.describe() + " while " + earlier.describe());
        for (String note : List.of(earlier.zombieNote(at), later.zombieNote(at))) {
            if (!note.isEmpty()) {
                explanation.append("; at ").append(Op.seconds(overlap.from().time())).append(' ').append(note);
            }
        }
        List<Op> ops = new ArrayList<>(List.of(earlier.start(), grant));
        earlier.end().ifPresent(ops::add);
        if (overlap.from() != grant) {
            ops.add(overlap.from());
        }
        ops.sort(Comparator.comparingLong(Op::index));
        return CheckResult.safety(name, overlap.from().time(), explanation.toString(), ops);
    }
}
