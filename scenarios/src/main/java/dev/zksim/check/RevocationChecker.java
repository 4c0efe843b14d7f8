package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Revocable locks: a REVOKE whose value names the holder ("c3") asks it to give the lock up.
 * The obligation starts when the REVOKE completes OK (the "unlock" mark is written; the
 * holder cannot see it sooner). If the target then held the lock, its hold must end within
 * {@code grace}. In the forced variant the revoker may instead delete the holder's node,
 * recording FORCED_RELEASE with the holder as value, within {@code grace + forceWithin}.
 * A deadline that lies beyond the end of the history is not judged.
 *
 * <p>A late release is reported as a safety violation: the bound makes it a property with a
 * finite counterexample, and revocation is expected to work during faults too, because a
 * partitioned holder suspends (and so stops holding) within two thirds of its session
 * timeout. Choose a grace period longer than that. The commit of the holder's closeSession
 * also ends its hold here: from then on ZooKeeper no longer gives it the lock, whatever it
 * believes (whether it then acts as a zombie is the exclusion checker's question).
 */
public final class RevocationChecker implements Checker {
    private static final List<OpKind> HOLD_STARTS = List.of(OpKind.ACQUIRE, OpKind.READ_LOCK, OpKind.WRITE_LOCK);
    private static final List<OpKind> HOLD_ENDS = List.of(OpKind.RELEASE, OpKind.SUSPENDED, OpKind.LOST, OpKind.CRASHED);

    private final long grace;
    private final Optional<Long> forceWithin;

    private RevocationChecker(long grace, Optional<Long> forceWithin) {
        this.grace = grace;
        this.forceWithin = forceWithin;
    }

    /** The holder must honour the request itself within {@code grace} microseconds. */
    public static RevocationChecker cooperative(long grace) {
        return new RevocationChecker(grace, Optional.empty());
    }

    /** The holder, or else a FORCED_RELEASE by the revoker, must end the hold in time. */
    public static RevocationChecker forced(long grace, long forceWithin) {
        return new RevocationChecker(grace, Optional.of(forceWithin));
    }

    @Override
    public String name() {
        return forceWithin.isPresent() ? "revocation (forced)" : "revocation (cooperative)";
    }

    @Override
    public CheckResult check(History history) {
        List<Hold> holds = Holds.of(history, HOLD_STARTS, HOLD_ENDS);
        for (Op revoke : history) {
            if (!revoke.f().equals(OpKind.REVOKE) || !revoke.isOk()) {
                continue;
            }
            String target = revoke.value().asText();
            for (Hold hold : holds) {
                if (hold.process().equals(target) && hold.covers(revoke.index())
                        && revoke.index() < hold.liveEndIndex()) {
                    CheckResult result = judge(history, revoke, hold);
                    if (!result.isValid()) {
                        return result;
                    }
                }
            }
        }
        return CheckResult.valid(name());
    }

    private CheckResult judge(History history, Op revoke, Hold hold) {
        long releaseDeadline = revoke.time() + grace;
        if (hold.liveEnd().filter(end -> end.time() <= releaseDeadline).isPresent()) {
            return CheckResult.valid(name());
        }
        long deadline = releaseDeadline + forceWithin.orElse(0L);
        if (forceWithin.isPresent() && forcedInTime(history, revoke, hold.process(), deadline)) {
            return CheckResult.valid(name());
        }
        if (history.endTime() < deadline && hold.liveEnd().isEmpty()) {
            return CheckResult.valid(name());
        }
        List<Op> ops = new ArrayList<>(List.of(hold.start(), revoke));
        hold.end().ifPresent(ops::add);
        String what = forceWithin.isPresent() ? "neither released nor was forced out" : "did not release";
        return CheckResult.safety(name(), deadline, hold.process() + " " + what + " by " + Op.seconds(deadline)
                + " after " + revoke.describe() + ": " + hold.describe(), ops);
    }

    private static boolean forcedInTime(History history, Op revoke, String holder, long forceDeadline) {
        for (Op op : history) {
            if (op.f().equals(OpKind.FORCED_RELEASE) && op.isOk() && op.index() > revoke.index()
                    && op.value().asText().equals(holder) && op.time() <= forceDeadline) {
                return true;
            }
        }
        return false;
    }
}
