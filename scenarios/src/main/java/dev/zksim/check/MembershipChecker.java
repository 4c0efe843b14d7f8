package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Group membership converges once faults heal. A member records JOIN and LEAVE_GROUP, and
 * VIEW OK with the member set it sees ({@code Value.sortedSet}). A process is live when its
 * last membership op is a JOIN OK, not followed by LEAVE_GROUP, LOST or CRASHED. The last
 * view of every live member must equal the live set, and must have been taken at or after
 * the heal: an old view that happens to match proves no convergence.
 *
 * <p>With a bound, a member that wants in must get in: a process whose last membership op is
 * a JOIN that failed a bound or more after the heal (its workload asks again every little
 * while) has been refused for good, as a registration that keeps finding its own old node
 * would be. Without this, a recipe whose join always failed would pass: nobody would be live,
 * and an empty group converges trivially.
 */
public final class MembershipChecker implements Checker {
    private final long healTime;
    /** How long after the heal a join may still fail; negative: not judged. */
    private final long joinBound;

    /** Judges convergence only. */
    public MembershipChecker(long healTime) {
        this(healTime, -1);
    }

    /** Judges convergence, and that every member that wants in is in from {@code joinBound} after the heal. */
    public MembershipChecker(long healTime, long joinBound) {
        this.healTime = healTime;
        this.joinBound = joinBound;
    }

    @Override
    public String name() {
        return "membership converges after heal";
    }

    @Override
    public CheckResult check(History history) {
        SortedSet<String> live = liveMembers(history);
        Map<String, Op> lastView = new LinkedHashMap<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.VIEW) && op.isOk()) {
                lastView.put(op.process(), op);
            }
        }
        List<String> problems = new ArrayList<>();
        List<Op> ops = new ArrayList<>();
        if (joinBound >= 0) {
            for (Op refused : StillRefusedChecker.joins(healTime + joinBound).refused(history)) {
                problems.add(refused.describe() + " was refused a bound of " + Op.seconds(joinBound)
                        + " or more after the heal, and the member never got in since");
                ops.add(refused);
            }
        }
        for (String member : live) {
            Op view = lastView.get(member);
            if (view == null || view.time() < healTime) {
                problems.add(member + " reported no view since the heal at " + Op.seconds(healTime));
            } else if (!view.value().asTextSet().equals(live)) {
                problems.add(view.describe() + " differs from the live members " + live);
                ops.add(view);
            }
        }
        if (problems.isEmpty()) {
            return CheckResult.valid(name());
        }
        return CheckResult.liveness(name(), history.endTime(), String.join("; ", problems), ops);
    }

    /** Processes whose last membership op is a successful JOIN. */
    static SortedSet<String> liveMembers(History history) {
        SortedSet<String> live = new TreeSet<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.JOIN) && op.isOk()) {
                live.add(op.process());
            } else if (op.f().equals(OpKind.LEAVE_GROUP) || op.f().equals(OpKind.LOST) || op.f().equals(OpKind.CRASHED)) {
                live.remove(op.process());
            }
        }
        return live;
    }
}
