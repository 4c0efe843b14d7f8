package dev.zksim.check;

import dev.zksim.kernel.Plural;
import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpPair;
import java.util.ArrayList;
import java.util.List;

/**
 * Progress after the faults stop. Every operation invoked after {@code healTime}, or still
 * pending at it, must complete (OK, FAIL or INFO: any answer is progress) within
 * {@code bound} of the later of its invocation and the heal. The run is known to have gone
 * on until {@code runEnd}; an operation whose deadline lies past that is not judged. On
 * failure the explanation lists every late or stuck operation, one per line, e.g. "c3
 * ACQUIRE invoked at 12.3s (#14), no completion by 42.3s".
 *
 * <p>Some operations may wait forever by design (an ACQUIRE behind a holder that never
 * releases); restrict the checker to the kinds that must finish with {@link #onlyKinds}.
 */
public final class LivenessChecker implements Checker {
    private final long healTime;
    private final long bound;
    private final long runEnd;
    private final List<OpKind> kinds;

    public LivenessChecker(long healTime, long bound, long runEnd) {
        this(healTime, bound, runEnd, List.of());
    }

    private LivenessChecker(long healTime, long bound, long runEnd, List<OpKind> kinds) {
        this.healTime = healTime;
        this.bound = bound;
        this.runEnd = runEnd;
        this.kinds = List.copyOf(kinds);
    }

    /** A checker that judges only operations of these kinds. */
    public LivenessChecker onlyKinds(OpKind... onlyThese) {
        return new LivenessChecker(healTime, bound, runEnd, List.of(onlyThese));
    }

    @Override
    public String name() {
        return "liveness after heal (bound " + Op.seconds(bound) + ")";
    }

    @Override
    public CheckResult check(History history) {
        long end = Math.max(runEnd, history.endTime());
        List<String> waiting = new ArrayList<>();
        List<Op> ops = new ArrayList<>();
        long firstMissed = Long.MAX_VALUE;
        for (OpPair pair : history.pairs()) {
            Op invoke = pair.invocation();
            boolean doneBeforeHeal = pair.completion().filter(op -> op.time() < healTime).isPresent();
            if (doneBeforeHeal || !(kinds.isEmpty() || kinds.contains(invoke.f()))) {
                continue;
            }
            long deadline = Math.max(invoke.time(), healTime) + bound;
            String problem = problem(pair, deadline, end);
            if (problem != null) {
                waiting.add(problem);
                ops.add(invoke);
                firstMissed = Math.min(firstMissed, deadline);
            }
        }
        if (waiting.isEmpty()) {
            return CheckResult.valid(name());
        }
        String explanation = Plural.of(waiting.size(), "operation") + " made no progress after the heal at " + Op.seconds(healTime)
                + ":\n  " + String.join("\n  ", waiting);
        return CheckResult.liveness(name(), firstMissed, explanation, ops);
    }

    /** Why the operation missed its deadline, or null if it did not (or cannot be judged). */
    private static String problem(OpPair pair, long deadline, long end) {
        // The verdict is decided before any text is built: almost every pair passes, and the
        // checker runs on every seed of a sweep.
        if (pair.completion().isPresent()) {
            Op done = pair.completion().get();
            return done.time() <= deadline ? null
                    : invoked(pair.invocation()) + ", completed only at " + Op.seconds(done.time()) + ", due by "
                            + Op.seconds(deadline);
        }
        return deadline <= end ? invoked(pair.invocation()) + ", no completion by " + Op.seconds(deadline) : null;
    }

    private static String invoked(Op invoke) {
        return invoke.process() + " " + invoke.f() + " invoked at " + Op.seconds(invoke.time()) + " (#" + invoke.index()
                + ")";
    }
}
