package dev.zksim.sweep;

import dev.zksim.nemesis.FaultPlan;
import java.nio.file.Path;

/**
 * A sweep: seeds [base, base + count) of one scenario, of which this process runs the shard
 * {@code shardIndex} (0-based; the command line numbers shards from 1) of {@code shardCount}
 * (seed - base modulo shardCount), on that many worker threads, optionally with every run's
 * fault plan fixed, each run abandoned after {@code wallLimitMillis} of wall-clock time.
 * {@code results} is kept for callers that name a results file; the sweep itself reports
 * findings through {@link SweepOutputs}.
 */
public record SweepConfig(String scenario, long base, int count, int shardIndex, int shardCount, int threads,
                          FaultPlan fixedPlan, Path results, boolean shrinkFirstFailure, long wallLimitMillis) {
    /** Five minutes of wall-clock time per run: catalogue runs take well under a second. */
    public static final long DEFAULT_WALL_LIMIT_MILLIS = 300_000;

    public SweepConfig {
        if (count <= 0 || threads <= 0 || shardCount <= 0 || shardIndex < 0 || shardIndex >= shardCount) {
            throw new IllegalArgumentException("bad sweep: " + count + " seeds, shard " + (shardIndex + 1) + "/" + shardCount
                    + ", " + threads + " threads");
        }
        if (base > Long.MAX_VALUE - (count - 1)) {
            throw new IllegalArgumentException(count + " seeds from " + base + " go past the largest seed "
                    + Long.MAX_VALUE + "; start lower or run fewer");
        }
        if (wallLimitMillis <= 0) {
            throw new IllegalArgumentException("the wall-clock bound per run must be positive");
        }
    }

    public SweepConfig(String scenario, long base, int count, int shardIndex, int shardCount, int threads,
                       FaultPlan fixedPlan, Path results, boolean shrinkFirstFailure) {
        this(scenario, base, count, shardIndex, shardCount, threads, fixedPlan, results, shrinkFirstFailure,
                DEFAULT_WALL_LIMIT_MILLIS);
    }

    /** The seeds of this shard, in order. */
    public long[] seeds() {
        return java.util.stream.LongStream.rangeClosed(base, base + (count - 1))
                .filter(seed -> Math.floorMod(seed - base, (long) shardCount) == shardIndex)
                .toArray();
    }
}
