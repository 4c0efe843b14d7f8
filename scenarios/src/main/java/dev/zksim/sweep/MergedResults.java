package dev.zksim.sweep;

import dev.zksim.kernel.Plural;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
    /** The files read, by real path: a file given twice would count its seeds twice. */
    private final Set<Path> files = new LinkedHashSet<>();
    /** Where each shard's summary was read ("file:line"): a shard reported twice is refused. */
    private final Map<SweepStart, String> reported = new LinkedHashMap<>();
    /** Shards whose file has a start line and no summary for it: killed before the end. */
    private final List<Unfinished> unfinished = new ArrayList<>();
    /** Finding lines read so far (the findings map keeps each seed once), to tell how many a file held. */
    private int findingLines;

    /** A shard that started and never summarised, in which file, with how many findings that file holds. */
    private record Unfinished(SweepStart shard, Path file, int findings) {
    }

    /**
     * Reads a results file; a line that is not zksim results is bad input naming file and
     * line, and so are a file given twice and a shard whose summary was already read.
     */
    public void read(Path file) {
        if (!files.add(realPath(file))) {
            throw new IllegalArgumentException(file + " is given twice: each shard's results are merged once");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        List<SweepStart> started = new ArrayList<>();
        int findingsBefore = findingLines;
        int summariesBefore = summaries.size();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                add(FlatJson.read(lines.get(i)), file + ":" + (i + 1), started);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + e.getMessage());
            }
        }
        int inFile = findingLines - findingsBefore;
        started.forEach(shard -> unfinished.add(new Unfinished(shard, file, inFile)));
        if (started.isEmpty() && inFile > 0 && summaries.size() == summariesBefore) {
            // A file from a zksim that wrote no start line: which shard it was for is unknown.
            unfinished.add(new Unfinished(null, file, inFile));
        }
    }

    private static Path realPath(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Adds one line; a summary takes its shard's start line off {@code started}. */
    private void add(Map<String, Object> json, String where, List<SweepStart> started) {
        String type = FlatJson.text(json, "type");
        switch (type) {
            case "start" -> started.add(SweepStart.fromJson(json));
            case "summary" -> {
                SweepSummary summary = SweepSummary.fromJson(json);
                SweepStart shard = SweepStart.of(summary);
                String earlier = reported.putIfAbsent(shard, where);
                if (earlier != null) {
                    throw new IllegalArgumentException(shard.describe() + " is reported twice (" + earlier + " and here):"
                            + " merge each shard's results once");
                }
                started.remove(shard);
                summaries.add(summary);
            }
            case "finding" -> {
                SeedResult finding = SeedResult.fromJson(json);
                findings.put(String.format(Locale.ROOT, "%s %016x", finding.scenario(), finding.seed() ^ Long.MIN_VALUE),
                        finding);
                findingLines++;
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

    /** Whether the files held nothing to merge: no summary, no shard that started, no finding. */
    public boolean isEmpty() {
        return summaries.isEmpty() && unfinished.isEmpty() && findings.isEmpty();
    }

    /**
     * Problems that make the merge incomplete: shards killed before their summary (their
     * findings are in the report all the same), interrupted shards, missing shards. A shard
     * that was killed and then run again to its summary is complete.
     */
    public List<String> gaps() {
        List<String> gaps = new ArrayList<>();
        Map<String, TreeSet<Integer>> shardsBySweep = new TreeMap<>();
        Map<String, Integer> shardCounts = new TreeMap<>();
        for (SweepSummary summary : summaries) {
            note(SweepStart.of(summary), shardsBySweep, shardCounts);
            if (summary.interrupted()) {
                gaps.add(SweepStart.of(summary).describe() + " was interrupted (Ctrl-C): its summary covers the seeds run");
            }
        }
        for (Unfinished shard : unfinished) {
            if (shard.shard() == null) {
                gaps.add(shard.file() + " has " + Plural.of(shard.findings(), "finding") + " (listed above) and no summary:"
                        + " its sweep was killed before the end, or is still running");
            } else if (!reported.containsKey(shard.shard())) {
                note(shard.shard(), shardsBySweep, shardCounts);
                gaps.add(shard.shard().describe() + " was killed before its summary, or is still running (" + shard.file()
                        + ": " + Plural.of(shard.findings(), "finding") + ", listed above)");
            }
        }
        shardsBySweep.forEach((sweep, present) -> {
            int count = shardCounts.get(sweep);
            for (int index = 0; index < count; index++) {
                if (!present.contains(index)) {
                    gaps.add("shard " + (index + 1) + "/" + count + " of " + sweep + " is missing");
                }
            }
        });
        return gaps;
    }

    private static void note(SweepStart shard, Map<String, TreeSet<Integer>> shardsBySweep, Map<String, Integer> counts) {
        String sweep = shard.scenario() + " seeds " + shard.firstSeed() + "+" + shard.count() + " in "
                + Plural.of(shard.shardCount(), "shard");
        shardsBySweep.computeIfAbsent(sweep, s -> new TreeSet<>()).add(shard.shardIndex());
        counts.put(sweep, shard.shardCount());
    }

    /** One line per scenario: seeds run, skipped, failures by class. Independent of how the sweep was split. */
    public List<String> report() {
        SortedMap<String, long[]> totals = new TreeMap<>();
        for (SweepSummary summary : summaries) {
            long[] sums = totals.computeIfAbsent(summary.scenario(), s -> new long[3]);
            sums[0] += summary.seedsRun();
            sums[1] += summary.skipped();
            sums[2] += summary.notRun();
        }
        findings.values().forEach(finding -> totals.computeIfAbsent(finding.scenario(), s -> new long[3]));
        List<String> lines = new ArrayList<>();
        totals.forEach((scenario, sums) -> {
            SortedMap<Verdict, Integer> byClass = new TreeMap<>();
            findings.values().stream().filter(f -> f.scenario().equals(scenario))
                    .forEach(f -> byClass.merge(f.verdict(), 1, Integer::sum));
            int failures = byClass.values().stream().mapToInt(Integer::intValue).sum();
            lines.add(scenario + ": " + Plural.of(sums[0], "seed") + " run, " + sums[1] + " skipped, "
                    + (sums[2] == 0 ? "" : sums[2] + " not run (the sweep stopped early), ") + Plural.of(failures, "failure")
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
