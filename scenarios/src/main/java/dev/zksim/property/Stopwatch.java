package dev.zksim.property;

import dev.zksim.kernel.SuppressForbidden;

/**
 * The one wall clock of the property engine. It decides when to stop starting seeds, when a
 * shrinker's time budget is spent and how long a property took for its report, never what a
 * run does: every run stays a pure function of its spec.
 */
public final class Stopwatch {

    private Stopwatch() {
    }

    @SuppressForbidden("budgets and reports measure wall time; no run reads it")
    public static long nanos() {
        return System.nanoTime();
    }
}
