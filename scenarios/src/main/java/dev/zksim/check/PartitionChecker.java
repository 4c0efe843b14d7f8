package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;

/**
 * Partition ownership among group members. A member records OWN p when it starts to believe
 * it owns partition p and DISOWN p when it stops; SUSPENDED, LOST, CRASHED and LEAVE_GROUP
 * end every belief of that session, as for a lock ({@link Holds}).
 *
 * <ul>
 *   <li>Safety: no partition is believed owned by two members at once, unless one of them
 *       could not know it had lost its session (see {@link ExclusionChecker}): a member told
 *       Disconnected or Expired that keeps owning is a zombie owner.</li>
 *   <li>After the heal (liveness): when the run ends, every partition is owned by a live
 *       member, if any member is live (see {@link MembershipChecker} for live).</li>
 * </ul>
 */
public final class PartitionChecker implements Checker {
    private static final List<OpKind> ENDS =
            List.of(OpKind.DISOWN, OpKind.LEAVE_GROUP, OpKind.SUSPENDED, OpKind.LOST, OpKind.CRASHED);
    /** What a hold needs to know of its session besides its own ops: closed, and told. */
    private static final List<OpKind> SESSION_INSTANTS =
            List.of(OpKind.SESSION_CLOSED, OpKind.DISCONNECTED, OpKind.EXPIRED);
    private final int partitions;

    public PartitionChecker(int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions: need at least one, not " + partitions);
        }
        this.partitions = partitions;
    }

    @Override
    public String name() {
        return "partition ownership";
    }

    @Override
    public CheckResult check(History history) {
        SortedSet<String> live = MembershipChecker.liveMembers(history);
        List<String> unowned = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            History mine = ofPartition(history, p);
            ExclusionChecker exclusion = new ExclusionChecker(name() + " of partition " + p, List.of(OpKind.OWN),
                    List.of(), ENDS);
            CheckResult result = exclusion.check(mine);
            if (!result.isValid()) {
                return result;
            }
            boolean owned = Holds.of(mine, List.of(OpKind.OWN), ENDS).stream()
                    .anyMatch(hold -> hold.liveEnd().isEmpty() && live.contains(hold.process()));
            if (!owned) {
                unowned.add(Integer.toString(p));
            }
        }
        if (live.isEmpty() || unowned.isEmpty()) {
            return CheckResult.valid(name());
        }
        return CheckResult.liveness(name(), history.endTime(), "partitions " + unowned
                + " have no owner among the live members " + live + " when the run ends", List.of());
    }

    /** The ownership ops of partition p, with every op that ends or judges a belief. */
    private static History ofPartition(History history, int p) {
        return history.filter(op -> isOwnership(op) ? op.value().asLong() == p : ends(op));
    }

    private static boolean isOwnership(Op op) {
        return op.f().equals(OpKind.OWN) || op.f().equals(OpKind.DISOWN);
    }

    private static boolean ends(Op op) {
        return ENDS.contains(op.f()) || SESSION_INSTANTS.contains(op.f());
    }
}
