package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.List;

/**
 * Election liveness: once the faults stop, some candidate leads within {@code bound}. A
 * leadership hold (ELECTED OK until ABDICATED, SUSPENDED, LOST or CRASHED, or until its
 * session's closeSession commits: a leader ZooKeeper no longer knows is none) must overlap
 * the interval from the heal to the heal plus the bound. Workloads keep at least one candidate
 * running to the end, so a run with nobody leading in that interval is stuck.
 */
public final class LeaderAfterHealChecker implements Checker {
    private static final List<OpKind> ENDS = List.of(OpKind.ABDICATED, OpKind.SUSPENDED, OpKind.LOST, OpKind.CRASHED);

    private final long healTime;
    private final long bound;
    private final long runEnd;

    /** The run went on until {@code runEnd}; a deadline past it is not judged. */
    public LeaderAfterHealChecker(long healTime, long bound, long runEnd) {
        this.healTime = healTime;
        this.bound = bound;
        this.runEnd = runEnd;
    }

    @Override
    public String name() {
        return "a leader within " + Op.seconds(bound) + " of the heal";
    }

    @Override
    public CheckResult check(History history) {
        long deadline = healTime + bound;
        for (Hold hold : Holds.of(history, List.of(OpKind.ELECTED), ENDS)) {
            boolean startedInTime = hold.start().time() <= deadline;
            boolean lastedPastHeal = hold.liveEnd().map(end -> end.time() >= healTime).orElse(true);
            if (hold.wasLive() && startedInTime && lastedPastHeal) {
                return CheckResult.valid(name());
            }
        }
        if (Math.max(runEnd, history.endTime()) < deadline) {
            return CheckResult.valid(name());
        }
        return CheckResult.liveness(name(), deadline, "no candidate led between the heal at " + Op.seconds(healTime)
                + " and " + Op.seconds(deadline), List.of());
    }
}
