package dev.zksim.kernel;

/**
 * The classes of failure a run can end in, each with a stable process exit code so that CI
 * scripts can tell them apart. Exit code 2 is reserved for bad input on the command line.
 */
public enum FailureKind {
    /** An invariant was broken: two lock holders, a lost acknowledged write. */
    SAFETY_VIOLATION(3),
    /** After the faults stopped, something that must happen did not happen in time. */
    LIVENESS_TIMEOUT(4),
    /** The same seed gave two different traces. */
    NONDETERMINISM(5),
    /** The simulator itself threw: a bug in zksim or in the code under test. */
    SIMULATOR_CRASH(6);

    private final int exitCode;

    FailureKind(int exitCode) {
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
