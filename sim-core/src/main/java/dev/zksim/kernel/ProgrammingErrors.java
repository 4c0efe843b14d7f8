package dev.zksim.kernel;

import java.util.ConcurrentModificationException;
import java.util.concurrent.CompletionException;

/**
 * Which exceptions from the code under test are bugs in that code rather than answers to a
 * fault. A call that meets a connection loss, an expired session or an interrupt throws a
 * ZooKeeper, Curator or interrupt exception, and the workload records the call's outcome
 * (unknown, if a fault may have struck it); a call that throws a
 * {@link NullPointerException} or an {@link UnsupportedOperationException} has a bug on the
 * path it took, and no fault makes that right. Recorded as an unknown outcome, such a call
 * hid its bug: a queue whose every take threw passed hundreds of seeds. Such a call ends the
 * run as a crash of the code under test that says where it threw: the official client's
 * call runners let the exception end their thread, and the testkit's workloads note a
 * zksim-API call that failed so with {@link #NOTE} first, which the run's verdict looks for
 * before any checker. A handler or a simulated thread that throws names the place the same way.
 *
 * <p>The list is the JDK's own signals of a programming error. {@link IllegalStateException}
 * and {@link IllegalArgumentException} are not on it: Curator and users' code throw them on
 * purpose (a recipe used after close, a lock released by a thread that does not hold it),
 * and a workload may meet them under faults.
 */
public final class ProgrammingErrors {
    /** How the history note of a call that threw a bug starts. */
    public static final String NOTE = "bug: ";

    private ProgrammingErrors() {
    }

    /** Whether {@code error} (or the cause a {@link CompletionException} wraps) is a bug of the code that threw it. */
    public static boolean isBug(Throwable error) {
        Throwable cause = unwrapped(error);
        return cause instanceof NullPointerException
                || cause instanceof UnsupportedOperationException
                || cause instanceof ClassCastException
                || cause instanceof IndexOutOfBoundsException
                || cause instanceof ConcurrentModificationException
                || cause instanceof ArithmeticException
                || cause instanceof ArrayStoreException
                || cause instanceof NegativeArraySizeException
                || cause instanceof Error;
    }

    /**
     * Rethrows {@code error} if it is a bug, so that the thread running the call that threw it
     * dies with it and the run ends there; any other exception returns, to be the call's
     * outcome.
     */
    public static void rethrowIfBug(Throwable error) {
        if (!isBug(error)) {
            return;
        }
        if (error instanceof Error fatal) {
            throw fatal;
        }
        throw (RuntimeException) error;
    }

    /**
     * The exception and where the code that threw it is, for a one-line report: the first
     * frame of its stack outside the JDK (the caller of the collection that refused a sort,
     * say), or only the exception if every frame is the JDK's.
     */
    public static String describe(Throwable error) {
        Throwable cause = unwrapped(error);
        for (StackTraceElement frame : cause.getStackTrace()) {
            String type = frame.getClassName();
            if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
                return cause + " at " + frame;
            }
        }
        return cause.toString();
    }

    private static Throwable unwrapped(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
