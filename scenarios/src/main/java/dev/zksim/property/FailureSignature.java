package dev.zksim.property;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.scenario.RunOutcome;
import java.util.Optional;

/**
 * What a shrunk run must still fail with: the failure's kind and, for a safety violation,
 * the checker that saw it. Keeping the checker stops a shrink of a herd into a run that
 * breaks exclusion instead, which would be a smaller run of another bug. The checker is the
 * first clause of the failure's message ("mutual exclusion (believed): ..."), as every
 * checker and self-check writes it.
 */
record FailureSignature(FailureKind kind, String checker) {

    static FailureSignature of(RunOutcome outcome) {
        SimulationFailure failure = outcome.failure()
                .orElseThrow(() -> new IllegalArgumentException("the run did not fail"));
        return of(failure);
    }

    static FailureSignature of(SimulationFailure failure) {
        return new FailureSignature(failure.kind(),
                failure.kind() == FailureKind.SAFETY_VIOLATION ? checkerOf(String.valueOf(failure.getMessage())) : "");
    }

    /** Whether the outcome failed in this way. */
    boolean matches(RunOutcome outcome) {
        Optional<SimulationFailure> failure = outcome.failure();
        return failure.isPresent() && of(failure.get()).equals(this);
    }

    /** "SAFETY_VIOLATION at 1.2s: no herd: ..." names the checker "no herd". */
    private static String checkerOf(String message) {
        int start = message.indexOf(": ");
        if (start < 0) {
            return message;
        }
        int end = message.indexOf(": ", start + 2);
        return end < 0 ? message.substring(start + 2) : message.substring(start + 2, end);
    }
}
