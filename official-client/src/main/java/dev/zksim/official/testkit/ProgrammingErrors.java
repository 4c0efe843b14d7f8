package dev.zksim.official.testkit;

import java.util.ConcurrentModificationException;

/**
 * Which exceptions from the code under test are bugs in that code rather than answers to a
 * fault. A call that meets a connection loss, an expired session or an interrupt throws a
 * ZooKeeper, Curator or interrupt exception, and the workload records the call's outcome as
 * unknown; a call that throws a {@link NullPointerException} or an
 * {@link UnsupportedOperationException} has a bug on the path it took, and no fault makes
 * that right. Recorded as an unknown outcome, such a call hid its bug: a queue whose every
 * take threw passed hundreds of seeds. The testkit's call runners therefore let these end
 * the thread, which ends the run as a crash of the code under test, with the place it threw.
 *
 * <p>The list is the JDK's own signals of a programming error. {@link IllegalStateException}
 * and {@link IllegalArgumentException} are not on it: Curator and users' code throw them on
 * purpose (a recipe used after close, a lock released by a thread that does not hold it),
 * and a workload may meet them under faults.
 */
final class ProgrammingErrors {
    private ProgrammingErrors() {
    }

    /** Whether {@code error} is a bug of the code that threw it, whatever the faults. */
    static boolean isBug(Throwable error) {
        return error instanceof NullPointerException
                || error instanceof UnsupportedOperationException
                || error instanceof ClassCastException
                || error instanceof IndexOutOfBoundsException
                || error instanceof ConcurrentModificationException
                || error instanceof ArithmeticException
                || error instanceof ArrayStoreException
                || error instanceof NegativeArraySizeException
                || error instanceof Error;
    }

    /**
     * Rethrows {@code error} if it is a bug, so that the simulated thread running the call
     * dies with it; any other exception returns, for the caller to hand to the workload.
     */
    static void rethrowIfBug(Throwable error) {
        if (!isBug(error)) {
            return;
        }
        if (error instanceof Error fatal) {
            throw fatal;
        }
        throw (RuntimeException) error;
    }
}
