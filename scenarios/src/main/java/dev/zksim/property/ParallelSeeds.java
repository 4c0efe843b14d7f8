package dev.zksim.property;

import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.scenario.RunOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Checks the seeds of a property on several threads at once, one simulation per thread
 * (DESIGN section 5), and gives the answer the same check gives seed after seed: the
 * outcome of the lowest failing seed. Threads take seeds in increasing order and take none
 * past the lowest failure found so far, so every seed before that failure runs to its end
 * and none after it is wasted for long.
 */
@SuppressForbidden("runs independent simulations on worker threads, as the sweep does, and counts the cores")
final class ParallelSeeds {

    private ParallelSeeds() {
    }

    /** The number of threads {@code requested} names: itself, or one per core for 0. */
    static int resolve(int requested) {
        if (requested < 0) {
            throw new IllegalArgumentException("threads must be at least 1, or 0 for one per core; got " + requested);
        }
        return requested == 0 ? Runtime.getRuntime().availableProcessors() : requested;
    }

    /**
     * Runs {@code check} for seed indexes 0 to {@code count - 1} on {@code threads} threads, starting an
     * index only while {@code mayStart} allows; the failing outcome of the lowest index that
     * failed, if any. A seed whose check throws counts as failing there: the lowest such
     * throw is rethrown, as the same check one seed after another would have thrown it.
     */
    static Optional<RunOutcome> firstFailing(int count, int threads, IntPredicate mayStart, IntFunction<RunOutcome> check) {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger lowestFailure = new AtomicInteger(Integer.MAX_VALUE);
        AtomicBoolean stopped = new AtomicBoolean();
        Map<Integer, Object> failures = new ConcurrentSkipListMap<>();
        Runnable worker = () -> {
            while (!stopped.get()) {
                int index = next.getAndIncrement();
                if (index >= count || index > lowestFailure.get() || !mayStart.test(index)) {
                    return;
                }
                Object failure = failureOf(index, check);
                if (failure != null) {
                    failures.put(index, failure);
                    lowestFailure.accumulateAndGet(index, Math::min);
                }
            }
        };
        runOn(Math.min(threads, count), worker, stopped);
        if (failures.isEmpty()) {
            return Optional.empty();
        }
        Object first = failures.values().iterator().next();
        if (first instanceof RuntimeException exception) {
            throw exception;
        }
        if (first instanceof Error error) {
            throw error;
        }
        return Optional.of((RunOutcome) first);
    }

    /** The failing outcome of one seed, what its check threw, or null if it passed. */
    private static Object failureOf(int index, IntFunction<RunOutcome> check) {
        try {
            RunOutcome outcome = check.apply(index);
            return outcome.failed() ? outcome : null;
        } catch (RuntimeException | Error thrown) {
            return thrown;
        }
    }

    /** Runs {@code worker} on that many daemon threads and waits for all of them. */
    private static void runOn(int threads, Runnable worker, AtomicBoolean stopped) {
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread thread = new Thread(worker, "zksim-property-" + i);
            thread.setDaemon(true);
            thread.start();
            workers.add(thread);
        }
        try {
            for (Thread thread : workers) {
                thread.join();
            }
        } catch (InterruptedException e) {
            // The test was cancelled: the workers finish the seeds they are on and start no more.
            stopped.set(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the property check was interrupted", e);
        }
    }
}
