package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpPair;
import dev.zksim.history.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A shared counter that starts at 0 counts every completed increment exactly once. Only
 * bounds that hold whatever the timing are checked, so a correct counter is never blamed:
 * <ul>
 *   <li>no value, reported by an increment or read, exceeds the number of increments
 *       started before it was reported: more would mean an increment counted twice;</li>
 *   <li>no two completed increments report the same value: each one that counted once moved
 *       the counter to a value of its own;</li>
 *   <li>an increment reports more than the number of increments completed before it began,
 *       and a read (unless reads may lag) at least that number: less would mean a completed
 *       increment was lost.</li>
 * </ul>
 * Increments that failed or never answered may have counted or not; they only widen the
 * first bound.
 */
public final class CounterChecker implements Checker {
    private final boolean staleReads;

    /** @param staleReads whether reads may lag behind completed increments (then only their upper bound is checked) */
    public CounterChecker(boolean staleReads) {
        this.staleReads = staleReads;
    }

    @Override
    public String name() {
        return "counter";
    }

    @Override
    public CheckResult check(History history) {
        Map<Long, Op> invocationOf = new LinkedHashMap<>();
        for (OpPair pair : history.pairs()) {
            pair.completion().ifPresent(done -> invocationOf.put(done.index(), pair.invocation()));
        }
        Map<Long, Integer> completedAtInvocation = new LinkedHashMap<>();
        Map<Long, Op> reportedBy = new LinkedHashMap<>();
        int started = 0;
        int completed = 0;
        for (Op op : history) {
            boolean increment = op.f().equals(OpKind.INCREMENT);
            if (!increment && !op.f().equals(OpKind.COUNT)) {
                continue;
            }
            if (op.isInvoke()) {
                completedAtInvocation.put(op.index(), completed);
                started += increment ? 1 : 0;
            } else if (op.isOk() && op.value() instanceof Value.Num num && invocationOf.containsKey(op.index())) {
                int before = completedAtInvocation.get(invocationOf.get(op.index()).index());
                CheckResult result = increment ? checkIncrement(op, num.number(), started, before, reportedBy)
                        : checkRead(op, num.number(), started, before);
                if (!result.isValid()) {
                    return result;
                }
            }
            completed += increment && op.isOk() ? 1 : 0;
        }
        return CheckResult.valid(name());
    }

    private CheckResult checkIncrement(Op op, long value, int started, int completedBefore, Map<Long, Op> reportedBy) {
        if (value > started) {
            return CheckResult.safety(name(), op.time(), op.describe() + " reports the counter at " + value + ", but only "
                    + started + " increments had been started: an increment counted more than once", List.of(op));
        }
        Op earlier = reportedBy.putIfAbsent(value, op);
        if (earlier != null) {
            return CheckResult.safety(name(), op.time(), op.describe() + " and " + earlier.describe()
                    + " both report moving the counter to " + value + ": one of the two increments did not count",
                    List.of(earlier, op));
        }
        if (value <= completedBefore) {
            return CheckResult.safety(name(), op.time(), op.describe() + " reports the counter at " + value + ", but "
                    + completedBefore + " increments had completed before it began: a completed increment was lost",
                    List.of(op));
        }
        return CheckResult.valid(name());
    }

    private CheckResult checkRead(Op op, long value, int started, int completedBefore) {
        if (value > started) {
            return CheckResult.safety(name(), op.time(), op.describe() + " reads " + value + ", but only " + started
                    + " increments had been started: an increment counted more than once", List.of(op));
        }
        if (!staleReads && value < completedBefore) {
            return CheckResult.safety(name(), op.time(), op.describe() + " reads " + value + " after " + completedBefore
                    + " increments had completed: a completed increment was lost (or the read lagged: declare"
                    + " staleReads())", List.of(op));
        }
        return CheckResult.valid(name());
    }
}
