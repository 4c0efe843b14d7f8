package dev.zksim.sweep;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.trace.LineDigest;
import dev.zksim.property.PropertyCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/**
 * What a sweep did: seeds run, failures by class, throughput (seeds and simulated events
 * per wall-clock second), and the counterexample of the first failing seed, shrunk if asked.
 */
public record SweepResult(String scenario, int seedsRun, long events, long wallMillis, SortedMap<Long, FailureKind> failures,
                          SortedMap<Long, String> digests, Optional<PropertyCheck.Counterexample> firstFailure) {

    public double seedsPerSecond() {
        return wallMillis == 0 ? 0 : seedsRun * 1000.0 / wallMillis;
    }

    public double eventsPerSecond() {
        return wallMillis == 0 ? 0 : events * 1000.0 / wallMillis;
    }

    /**
     * The process exit code: 0 if nothing failed, else the code of the failure class of the
     * lowest failing seed (3 safety, 4 liveness, 5 nondeterminism, 6 simulator crash).
     */
    public int exitCode() {
        return failures.isEmpty() ? 0 : failures.get(failures.firstKey()).exitCode();
    }

    /**
     * One digest for the whole sweep: SHA-256 over the seeds' trace digests in seed order.
     * Worker scheduling does not change it, so the same sweep always prints the same value.
     */
    public String combinedDigest() {
        List<String> lines = new ArrayList<>();
        digests.forEach((seed, digest) -> lines.add(seed + " " + digest));
        return LineDigest.of(lines);
    }

    public List<Long> failingSeeds() {
        return List.copyOf(failures.keySet());
    }
}
