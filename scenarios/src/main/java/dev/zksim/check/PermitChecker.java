package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * "At no instant do more than N processes believe they hold a lease" (a counting semaphore of
 * N permits). A belief is a hold as {@link Holds} makes it: from an ACQUIRE ok to the
 * process's release, SUSPENDED, LOST or crash. As for a lock ({@link ExclusionChecker}), a
 * holder whose session closed and who had not yet been told so is not counted, because it
 * could not know; once told Disconnected or Expired it counts until it steps down. The
 * earliest instant with N + 1 counted holders is reported, with the holds it involved.
 *
 * <p>That no lease leaks (a crashed or expired holder's lease comes back) is a liveness
 * property: the semaphore scenario checks it by having N fresh clients take every permit
 * after the workload, within a bound after the heal.
 */
public final class PermitChecker implements Checker {
    private static final List<OpKind> ENDS = List.of(OpKind.RELEASE, OpKind.SUSPENDED, OpKind.LOST, OpKind.CRASHED);

    private final int permits;

    public PermitChecker(int permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("a semaphore has at least one permit, not " + permits);
        }
        this.permits = permits;
    }

    @Override
    public String name() {
        return "at most " + permits + " lease holders (believed)";
    }

    @Override
    public CheckResult check(History history) {
        List<Hold> holds = Holds.of(history, List.of(OpKind.ACQUIRE), ENDS);
        // The count of unexcused holders grows only at a grant or where an excuse ends (the
        // holder was told), so those are the instants to judge, in order.
        List<Op> instants = new ArrayList<>();
        for (Hold hold : holds) {
            instants.add(hold.start());
            hold.told().ifPresent(instants::add);
        }
        instants.sort(Comparator.comparingLong(Op::index));
        for (Op instant : instants) {
            List<Hold> counted = counted(holds, instant.index());
            if (counted.size() > permits) {
                return violation(instant, counted);
            }
        }
        return CheckResult.valid(name());
    }

    /** The holds believed at the instant whose holders are not excused, one per process. */
    private static List<Hold> counted(List<Hold> holds, long index) {
        List<Hold> counted = new ArrayList<>();
        for (Hold hold : holds) {
            if (hold.believedAt(index) && !hold.excusedAt(index)
                    && counted.stream().noneMatch(other -> other.process().equals(hold.process()))) {
                counted.add(hold);
            }
        }
        return counted;
    }

    /**
     * Names the grant that made one holder too many, or else the holder whose excuse ended
     * (it was told, and kept holding), with the other holds it overlapped.
     */
    private CheckResult violation(Op instant, List<Hold> counted) {
        Hold culprit = counted.stream().filter(hold -> hold.start() == instant).findFirst()
                .orElseGet(() -> counted.stream().filter(hold -> hold.told().orElse(null) == instant).findFirst()
                        .orElseThrow());
        List<String> held = new ArrayList<>();
        for (Hold hold : counted) {
            if (hold != culprit) {
                held.add(describe(hold, instant));
            }
        }
        String what = culprit.start() == instant ? culprit.process() + " was granted a lease by " + instant.describe()
                : describe(culprit, instant);
        String explanation = what + " while " + held.size() + " of " + permits + " were held:\n  "
                + String.join("\n  ", held);
        List<Op> ops = new ArrayList<>();
        counted.forEach(hold -> ops.add(hold.start()));
        if (!ops.contains(instant)) {
            ops.add(instant);
        }
        ops.sort(Comparator.comparingLong(Op::index));
        return CheckResult.safety(name(), instant.time(), explanation, ops);
    }

    private static String describe(Hold hold, Op instant) {
        String note = hold.zombieNote(instant.index());
        return hold.describe() + (note.isEmpty() ? "" : " (" + note + ")");
    }
}
