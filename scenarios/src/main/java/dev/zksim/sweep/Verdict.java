package dev.zksim.sweep;

import dev.zksim.kernel.FailureKind;

/**
 * How one seed of a sweep ended. The failure classes are those of {@link FailureKind};
 * a seed can also be skipped (the fixed fault plan names a process the seed did not
 * create), not run (the sweep stopped early), or a runaway (cut at its event,
 * simulated-time or wall-clock bound).
 */
public enum Verdict {
    PASSED(0),
    SKIPPED(0),
    /** Never started: the sweep stopped early (--stop-at-first, --for) before its turn came. */
    NOT_RUN(0),
    SAFETY_VIOLATION(FailureKind.SAFETY_VIOLATION.exitCode()),
    LIVENESS_TIMEOUT(FailureKind.LIVENESS_TIMEOUT.exitCode()),
    NONDETERMINISM(FailureKind.NONDETERMINISM.exitCode()),
    SIMULATOR_CRASH(FailureKind.SIMULATOR_CRASH.exitCode()),
    /** The run did not end within its bounds; like a crash, the tool could not judge it (exit 6). */
    RUNAWAY(FailureKind.SIMULATOR_CRASH.exitCode());

    private final int exitCode;

    Verdict(int exitCode) {
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** A finding: something a person must look at. */
    public boolean isFailure() {
        return this != PASSED && this != SKIPPED && this != NOT_RUN;
    }

    public static Verdict of(FailureKind kind) {
        return valueOf(kind.name());
    }

    /** The failure class a finding counts as where only the four run failure kinds exist. */
    public FailureKind failureKind() {
        return this == RUNAWAY ? FailureKind.SIMULATOR_CRASH : FailureKind.valueOf(name());
    }
}
