package dev.zksim.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The JSON lines results of several sweeps or shards joined into one: totals by scenario,
 * every finding once (by scenario and seed), and which shards of a split sweep are missing
 * or were interrupted, so a merged report never claims more than was run.
 */
public final class MergedResults {
    private final List<SweepSummary> summaries = new ArrayList<>();
    private final SortedMap<String, SeedResult> findings = new TreeMap<>();

    /** Reads a results file; a line that is not zksim results is bad input naming file and line. */
    public void read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                add(FlatJson.read(lines.get(i)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + e.getMessage());
            }
        }
    }

    private void add(Map<String, Object> json) {
        String type = FlatJson.text(json, "type");
        switch (type) {
            case "summary" -> summaries.add(SweepSummary.fromJson(json));
            case "finding" -> {
                SeedResult finding = SeedResult.fromJson(json);
                findings.put(String.format(Locale.ROOT, "%s %016x", finding.scenario(), finding.seed() ^ Long.MIN_VALUE),
                        finding);
            }
            default -> throw new IllegalArgumentException("unknown line type '" + type + "'");
        }
    }

    public List<SweepSummary> summaries() {
        return List.copyOf(summaries);
    }

    public List<SeedResult> findings() {
        return List.copyOf(findings.values());
    }

    /** Problems that make the merge incomplete: missing shards, interrupted shards. */
    public List<String> gaps() {
        List<String> gaps = new ArrayList<>();
        Map<String, TreeSet<Integer>> shardsBySweep = new TreeMap<>();
        for (SweepSummary summary : summaries) {
            String sweep = summary.scenario() + " seeds " + summary.firstSeed() + "+" + summary.count() + " in "
                    + summary.shardCount() + " shard(s)";
            shardsBySweep.computeIfAbsent(sweep, s -> new TreeSet<>()).add(summary.shardIndex());
            if (summary.interrupted()) {
                gaps.add("shard " + (summary.shardIndex() + 1) + "/" + summary.shardCount() + " of " + summary.scenario()
                        + " was interrupted");
            }
        }
        shardsBySweep.forEach((sweep, present) -> {
            int count = Integer.parseInt(sweep.substring(sweep.lastIndexOf(" in ") + 4, sweep.lastIndexOf(" shard")));
            for (int index = 0; index < count; index++) {
                if (!present.contains(index)) {
                    gaps.add("shard " + (index + 1) + "/" + count + " of " + sweep + " is missing");
                }
            }
        });
        return gaps;
    }

    /** One line per scenario: seeds run, skipped, failures by class. Independent of how the sweep was split. */
    public List<String> report() {
        SortedMap<String, long[]> totals = new TreeMap<>();
        for (SweepSummary summary : summaries) {
            long[] sums = totals.computeIfAbsent(summary.scenario(), s -> new long[2]);
            sums[0] += summary.seedsRun();
            sums[1] += summary.skipped();
        }
        findings.values().forEach(finding -> totals.computeIfAbsent(finding.scenario(), s -> new long[2]));
        List<String> lines = new ArrayList<>();
        totals.forEach((scenario, sums) -> {
            SortedMap<Verdict, Integer> byClass = new TreeMap<>();
            findings.values().stream().filter(f -> f.scenario().equals(scenario))
                    .forEach(f -> byClass.merge(f.verdict(), 1, Integer::sum));
            int failures = byClass.values().stream().mapToInt(Integer::intValue).sum();
            lines.add(scenario + ": " + sums[0] + " seeds run, " + sums[1] + " skipped, " + failures + " failures"
                    + (byClass.isEmpty() ? "" : " " + byClass));
        });
        totals.keySet().forEach(scenario -> lines.addAll(goalLines(scenario)));
        findings.values().forEach(finding -> lines.add("FAILED " + finding.describe()));
        return lines;
    }

    /**
     * The goals of a scenario's shards together, in declaration order: reached if some shard
     * reached it, never reached if none did. Nothing for summaries without goals.
     */
    private List<String> goalLines(String scenario) {
        Set<String> declared = new LinkedHashSet<>();
        Set<String> reachedSomewhere = new LinkedHashSet<>();
        for (SweepSummary summary : summaries) {
            if (summary.scenario().equals(scenario)) {
                declared.addAll(summary.goals());
                reachedSomewhere.addAll(summary.goalsReached());
            }
        }
        if (declared.isEmpty()) {
            return List.of();
        }
        List<String> reached = declared.stream().filter(reachedSomewhere::contains).toList();
        List<String> missed = declared.stream().filter(goal -> !reachedSomewhere.contains(goal)).toList();
        return List.of(scenario + ": goals reached: " + (reached.isEmpty() ? "none" : String.join("; ", reached)),
                scenario + ": goals never reached: " + (missed.isEmpty() ? "none" : String.join("; ", missed)));
    }

    /** Seeds per second of the shards running side by side: the sum of each shard's rate. */
    public double seedsPerSecond() {
        return summaries.stream().filter(s -> s.wallMillis() > 0).mapToDouble(s -> s.seedsRun() * 1000.0 / s.wallMillis()).sum();
    }

    /** 0 if nothing failed, else the exit code of the first finding (by scenario, then seed). */
    public int exitCode() {
        return findings.isEmpty() ? 0 : findings.get(findings.firstKey()).verdict().exitCode();
    }
}
