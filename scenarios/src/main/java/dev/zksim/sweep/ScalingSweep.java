package dev.zksim.sweep;

import dev.zksim.kernel.SuppressForbidden;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The same sweep on 1 thread and then on 2, so that a sweep reports its own scaling:
 * seeds per second on each, the speedup, and whether the two produced the same combined
 * digest (they must: worker scheduling never changes a run). On a machine whose cores are
 * busy with other work the speedup says so; the numbers are measured, not assumed. Each
 * sweep also reports the process's CPU seconds per seed (the JIT's and the collector's threads
 * included), which the machine's load moves much less than seeds per second.
 */
public final class ScalingSweep {
    /** The two sweeps' results. */
    public record Scaling(SweepResult oneThread, SweepResult twoThreads, long oneThreadCpuNanos, long twoThreadsCpuNanos) {

        /** Two sweeps whose CPU time was not measured. */
        public Scaling(SweepResult oneThread, SweepResult twoThreads) {
            this(oneThread, twoThreads, 0, 0);
        }

        /** The process's CPU seconds per seed run on one thread. */
        public double oneThreadCpuPerSeed() {
            return perSeed(oneThreadCpuNanos, oneThread);
        }

        /** The process's CPU seconds per seed run on two threads. */
        public double twoThreadsCpuPerSeed() {
            return perSeed(twoThreadsCpuNanos, twoThreads);
        }

        private static double perSeed(long cpuNanos, SweepResult result) {
            return result.seedsRun() == 0 ? 0 : cpuNanos / 1e9 / result.seedsRun();
        }

        /** How many times faster two threads ran the seeds than one. */
        public double speedup() {
            return oneThread.seedsPerSecond() == 0 ? 0 : twoThreads.seedsPerSecond() / oneThread.seedsPerSecond();
        }

        /** Whether both thread counts gave every seed the same digest. */
        public boolean sameDigests() {
            return oneThread.combinedDigest().equals(twoThreads.combinedDigest());
        }

        /**
         * The report line, such as {@code 1 thread 80.1 seeds/s (0.0121 CPU s/seed), 2 threads
         * 151.0 seeds/s (0.0125 CPU s/seed), 1.89x, same digests}.
         */
        public String describe() {
            return String.format(Locale.ROOT,
                    "%s scaling: 1 thread %.1f seeds/s (%.4f CPU s/seed), 2 threads %.1f seeds/s (%.4f CPU s/seed), %.2fx%s",
                    oneThread.scenario(), oneThread.seedsPerSecond(), oneThreadCpuPerSeed(), twoThreads.seedsPerSecond(),
                    twoThreadsCpuPerSeed(), speedup(),
                    sameDigests() ? ", same digests" : ", DIFFERENT DIGESTS (nondeterminism across threads)");
        }
    }

    private static final int WARM_UP_SEEDS = 300;

    private final Sweep sweep;

    public ScalingSweep(Sweep sweep) {
        // The two sweeps are compared by their digests.
        this.sweep = sweep.digestingEverySeed();
    }

    /**
     * Runs the configuration's seeds on 1 thread, then on 2; the configuration's own thread
     * count is ignored. A warm-up over the first few hundred seeds comes first, so that the
     * one-thread sweep does not pay for the JIT that the two-thread sweep then enjoys.
     */
    public Scaling run(SweepConfig config, Sweep.Progress progress) {
        SweepConfig warmUp = new SweepConfig(config.scenario(), config.base(), Math.min(WARM_UP_SEEDS, config.count()),
                config.shardIndex(), config.shardCount(), 2, config.fixedPlan(), null, false);
        sweep.run(warmUp, progress);
        long start = processCpu();
        SweepResult one = sweep.run(withThreads(config, 1), progress);
        long between = processCpu();
        SweepResult two = sweep.run(withThreads(config, 2), progress);
        return new Scaling(one, two, between - start, processCpu() - between);
    }

    /** CPU time of the whole process, the sweep's workers, the JIT and the collector together. */
    @SuppressForbidden("measures the sweep's CPU time; outside any simulation")
    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static SweepConfig withThreads(SweepConfig config, int threads) {
        return new SweepConfig(config.scenario(), config.base(), config.count(), config.shardIndex(), config.shardCount(),
                threads, config.fixedPlan(), config.results(), config.shrinkFirstFailure());
    }
}
