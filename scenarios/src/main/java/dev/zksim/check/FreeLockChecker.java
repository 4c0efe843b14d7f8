package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpPair;
import java.util.List;

/**
 * A free lock is granted. Once the ensemble and the sessions have settled after the heal, a
 * waiter that gives up after waiting half a second or more while nobody held the lock shows a
 * lock that no longer grants: a node that nobody will delete (an abandoned acquisition's
 * orphan, a stray of the client's own live session) blocks the queue. The liveness check
 * does not see it, because every such acquisition ends, by giving up, and the next one is
 * given up too.
 *
 * <p>A hold here lasts from the grant to the holder's release, LOST or crash; SUSPENDED does
 * not end it, since a suspended holder's node still stands in the queue. An acquisition that
 * began before {@code settledAt} is not judged, nor one given up sooner than
 * {@link #MINIMUM_WAIT}: a correct lock hands itself over in a few round trips, but waiters
 * more impatient than that can give up one after the other, each just before its turn, and
 * leave the lock free for a moment without anything being stuck.
 */
public final class FreeLockChecker implements Checker {
    private static final List<OpKind> ENDS = List.of(OpKind.RELEASE, OpKind.LOST, OpKind.CRASHED);
    /** The shortest wait judged: many times a handover's few round trips in any of the catalogue's networks. */
    public static final long MINIMUM_WAIT = 500_000;

    private final long settledAt;

    /** Judges acquisitions invoked from {@code settledAt} on (the heal plus the settling time). */
    public FreeLockChecker(long settledAt) {
        this.settledAt = settledAt;
    }

    @Override
    public String name() {
        return "a free lock is granted (from " + Op.seconds(settledAt) + ")";
    }

    @Override
    public CheckResult check(History history) {
        List<Hold> holds = null;
        for (OpPair pair : history.pairs()) {
            Op invoke = pair.invocation();
            if (invoke.f() != OpKind.ACQUIRE || invoke.time() < settledAt) {
                continue;
            }
            Op end = pair.completion().orElse(null);
            if (end == null || end.isOk() || end.time() - invoke.time() < MINIMUM_WAIT) {
                continue;
            }
            if (holds == null) {
                holds = Holds.of(history, List.of(OpKind.ACQUIRE), ENDS);
            }
            if (noneHeldDuring(holds, invoke, end)) {
                return CheckResult.liveness(name(), end.time(), invoke.process() + " waited from " + Op.seconds(invoke.time())
                        + " (#" + invoke.index() + ") to " + Op.seconds(end.time()) + " for a lock that nobody held, and"
                        + " gave up: something that is no holder blocks the queue", List.of(invoke, end));
            }
        }
        return CheckResult.valid(name());
    }

    /** True if no hold was believed at any point between the invocation and the give-up. */
    private static boolean noneHeldDuring(List<Hold> holds, Op invoke, Op end) {
        for (Hold hold : holds) {
            if (hold.start().index() < end.index() && hold.endIndex() > invoke.index()) {
                return false;
            }
        }
        return true;
    }
}
