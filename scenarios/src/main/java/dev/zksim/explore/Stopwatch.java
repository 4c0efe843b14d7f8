package dev.zksim.explore;

import dev.zksim.kernel.SuppressForbidden;

/** The wall clock an exploration measures its throughput and time budget with. */
final class Stopwatch {

    private Stopwatch() {
    }

    /** Nanoseconds from an arbitrary origin; read between runs only, never by a simulation. */
    @SuppressForbidden("measures exploration throughput and the time budget between runs; no simulation reads it")
    static long nanos() {
        return System.nanoTime();
    }
}
