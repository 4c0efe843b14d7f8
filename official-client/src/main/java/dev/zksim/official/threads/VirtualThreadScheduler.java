package dev.zksim.official.threads;

import dev.zksim.kernel.SuppressForbidden;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.Executor;

/**
 * Builds virtual threads whose continuations run on a given executor instead of the JDK's
 * ForkJoinPool. JDK 21 to 25 have no supported API for this; the JDK keeps a package-private
 * constructor {@code java.lang.ThreadBuilders.VirtualThreadBuilder(Executor)} for its own
 * tests, which is reachable with {@code --add-opens java.base/java.lang=ALL-UNNAMED}. If it
 * is not reachable, the error says in one line what to add.
 */
@SuppressForbidden("builds the virtual threads that the simulation schedules")
final class VirtualThreadScheduler {
    static final String OPENS_FLAG = "--add-opens java.base/java.lang=ALL-UNNAMED";

    private static final Constructor<?> CONSTRUCTOR = find();

    private VirtualThreadScheduler() {
    }

    private static Constructor<?> find() {
        try {
            Class<?> type = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder");
            Constructor<?> constructor = type.getDeclaredConstructor(Executor.class);
            constructor.setAccessible(true);
            return constructor;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** True when this JVM lets the simulation schedule virtual threads. */
    static boolean available() {
        return CONSTRUCTOR != null;
    }

    /** A builder of virtual threads scheduled on {@code scheduler}. */
    static Thread.Builder builder(Executor scheduler) {
        if (CONSTRUCTOR == null) {
            throw new IllegalStateException("simulated threads need the JVM flag " + OPENS_FLAG
                    + " (the JDK offers a custom virtual-thread scheduler only through java.lang internals)");
        }
        try {
            return (Thread.Builder) CONSTRUCTOR.newInstance(scheduler);
        } catch (InvocationTargetException | InstantiationException | IllegalAccessException e) {
            throw new IllegalStateException("cannot build a virtual thread on the simulation's scheduler: " + e, e);
        }
    }
}
