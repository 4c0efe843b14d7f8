package dev.zksim.sweep;

import dev.zksim.nemesis.FaultPlan;
import java.nio.file.Path;

/**
 * A sweep: seeds [base, base + count) of one scenario, of which this process runs the shard
 * {@code shardIndex} of {@code shardCount} (seed - base modulo shardCount), on that many
 * worker threads, optionally with every run's fault plan fixed, writing every failing seed
 * to the results file.
 */
public record SweepConfig(String scenario, long base, int count, int shardIndex, int shardCount, int threads,
                          FaultPlan fixedPlan, Path results, boolean shrinkFirstFailure) {
    public SweepConfig {
        if (count <= 0 || threads <= 0 || shardCount <= 0 || shardIndex < 0 || shardIndex >= shardCount) {
            throw new IllegalArgumentException("bad sweep: " + count + " seeds, shard " + shardIndex + "/" + shardCount
                    + ", " + threads + " threads");
        }
    }

    /** The seeds of this shard, in order. */
    public long[] seeds() {
        return java.util.stream.LongStream.range(base, base + count)
                .filter(seed -> Math.floorMod(seed - base, (long) shardCount) == shardIndex)
                .toArray();
    }
}
