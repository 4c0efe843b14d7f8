package dev.zksim.sweep;

import java.util.Locale;

/**
 * The same sweep on 1 thread and then on 2, so that a sweep reports its own scaling:
 * seeds per second on each, the speedup, and whether the two produced the same combined
 * digest (they must: worker scheduling never changes a run). On a machine whose cores are
 * busy with other work the speedup says so; the numbers are measured, not assumed.
 */
public final class ScalingSweep {
    /** The two sweeps' results. */
    public record Scaling(SweepResult oneThread, SweepResult twoThreads) {

        /** How many times faster two threads ran the seeds than one. */
        public double speedup() {
            return oneThread.seedsPerSecond() == 0 ? 0 : twoThreads.seedsPerSecond() / oneThread.seedsPerSecond();
        }

        /** Whether both thread counts gave every seed the same digest. */
        public boolean sameDigests() {
            return oneThread.combinedDigest().equals(twoThreads.combinedDigest());
        }

        /** The report line, such as {@code 1 thread 80.1 seeds/s, 2 threads 151.0 seeds/s, 1.89x}. */
        public String describe() {
            return String.format(Locale.ROOT, "%s scaling: 1 thread %.1f seeds/s, 2 threads %.1f seeds/s, %.2fx%s",
                    oneThread.scenario(), oneThread.seedsPerSecond(), twoThreads.seedsPerSecond(), speedup(),
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
        SweepResult one = sweep.run(withThreads(config, 1), progress);
        SweepResult two = sweep.run(withThreads(config, 2), progress);
        return new Scaling(one, two);
    }

    private static SweepConfig withThreads(SweepConfig config, int threads) {
        return new SweepConfig(config.scenario(), config.base(), config.count(), config.shardIndex(), config.shardCount(),
                threads, config.fixedPlan(), config.results(), config.shrinkFirstFailure());
    }
}
