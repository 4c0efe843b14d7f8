package dev.zksim.sweep;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.trace.LineDigest;
import dev.zksim.property.PropertyCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a sweep did: seeds run and skipped, findings by seed, throughput (seeds and
 * simulated events per wall-clock second), whether it was interrupted before the end, the
 * counterexample of the first failing seed, shrunk if asked, and the scenario's goals that
 * some seed reached and that no seed reached.
 */
public record SweepResult(String scenario, int seedsRun, int skipped, long events, long wallMillis,
                          SortedMap<Long, SeedResult> findings, SortedMap<Long, String> digests,
                          Optional<PropertyCheck.Counterexample> firstFailure, boolean interrupted,
                          List<String> goalsReached, List<String> goalsMissed, int notRun) {

    /** {@code notRun} counts the seeds never started because the sweep stopped early (not the skipped ones). */
    public SweepResult {
        goalsReached = List.copyOf(goalsReached);
        goalsMissed = List.copyOf(goalsMissed);
    }

    /** A result of a sweep that ran to its end. */
    public SweepResult(String scenario, int seedsRun, int skipped, long events, long wallMillis,
                       SortedMap<Long, SeedResult> findings, SortedMap<Long, String> digests,
                       Optional<PropertyCheck.Counterexample> firstFailure, boolean interrupted,
                       List<String> goalsReached, List<String> goalsMissed) {
        this(scenario, seedsRun, skipped, events, wallMillis, findings, digests, firstFailure, interrupted, goalsReached,
                goalsMissed, 0);
    }

    /** A result of a scenario without goals. */
    public SweepResult(String scenario, int seedsRun, int skipped, long events, long wallMillis,
                       SortedMap<Long, SeedResult> findings, SortedMap<Long, String> digests,
                       Optional<PropertyCheck.Counterexample> firstFailure, boolean interrupted) {
        this(scenario, seedsRun, skipped, events, wallMillis, findings, digests, firstFailure, interrupted, List.of(),
                List.of());
    }

    public double seedsPerSecond() {
        return wallMillis == 0 ? 0 : seedsRun * 1000.0 / wallMillis;
    }

    public double eventsPerSecond() {
        return wallMillis == 0 ? 0 : events * 1000.0 / wallMillis;
    }

    /** The failing seeds and their failure class (a runaway counts as a simulator crash). */
    public SortedMap<Long, FailureKind> failures() {
        SortedMap<Long, FailureKind> kinds = new TreeMap<>();
        findings.forEach((seed, result) -> kinds.put(seed, result.verdict().failureKind()));
        return kinds;
    }

    /**
     * The process exit code: 0 if nothing failed, else the code of the failure class of the
     * lowest failing seed (3 safety, 4 liveness, 5 nondeterminism, 6 simulator crash or runaway).
     */
    public int exitCode() {
        return findings.isEmpty() ? 0 : findings.get(findings.firstKey()).verdict().exitCode();
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
        return List.copyOf(findings.keySet());
    }
}
