package dev.zksim.check;

import dev.zksim.history.Op;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import java.util.List;
import java.util.Optional;

/** The verdict of a checker: valid, or a violation that explains itself. */
public sealed interface CheckResult permits CheckResult.Valid, CheckResult.Violation {

    String checker();

    static CheckResult valid(String checker) {
        return new Valid(checker);
    }

    static Violation safety(String checker, long time, String explanation, List<Op> ops) {
        return new Violation(checker, FailureKind.SAFETY_VIOLATION, time, explanation, ops);
    }

    static Violation liveness(String checker, long time, String explanation, List<Op> ops) {
        return new Violation(checker, FailureKind.LIVENESS_TIMEOUT, time, explanation, ops);
    }

    default boolean isValid() {
        return this instanceof Valid;
    }

    /** The failure a run ends in, or empty when the result is valid. */
    default Optional<SimulationFailure> failure() {
        return switch (this) {
            case Valid valid -> Optional.empty();
            case Violation violation -> Optional.of(violation.toFailure());
        };
    }

    /** Throws the failure when this is a violation; how run loops stop on a broken invariant. */
    default void throwIfViolated() {
        Optional<SimulationFailure> failure = failure();
        if (failure.isPresent()) {
            throw failure.get();
        }
    }

    record Valid(String checker) implements CheckResult {
    }

    /**
     * A broken guarantee: when it became visible (simulated microseconds), an explanation a
     * person can act on, and the ops it involves in history order.
     */
    record Violation(String checker, FailureKind kind, long time, String explanation, List<Op> ops)
            implements CheckResult {

        public Violation {
            if (kind != FailureKind.SAFETY_VIOLATION && kind != FailureKind.LIVENESS_TIMEOUT) {
                throw new IllegalArgumentException("a checker reports safety or liveness, not " + kind);
            }
            ops = List.copyOf(ops);
        }

        public SimulationFailure toFailure() {
            return toFailure("");
        }

        /** The failure, with a further sentence after the explanation (empty for none). */
        public SimulationFailure toFailure(String more) {
            return new SimulationFailure(kind, time, checker + ": " + explanation + more, null,
                    ops.stream().map(Op::index).toList());
        }
    }
}
