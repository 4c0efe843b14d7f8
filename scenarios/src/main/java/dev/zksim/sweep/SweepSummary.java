package dev.zksim.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The totals of one sweep (or one shard of it), as written on the last JSON line of its
 * results: which seeds it covered, how many ran and were skipped, how long it took, and the
 * scenario's goals some seed reached and no seed reached. {@code zksim merge} adds shards'
 * summaries up and checks that every shard reported.
 */
public record SweepSummary(String scenario, long firstSeed, int count, int shardIndex, int shardCount, int seedsRun,
                           int skipped, int failures, long events, long wallMillis, boolean interrupted,
                           List<String> goals, List<String> goalsReached, int notRun) {
    /** Goal names are joined with this in JSON (a name is a sentence fragment without semicolons). */
    private static final String GOAL_SEPARATOR = "; ";

    /**
     * {@code goals} are the scenario's goals in declaration order, {@code goalsReached} those
     * some seed reached; {@code notRun} the seeds never started because the sweep stopped early.
     */
    public SweepSummary {
        goals = List.copyOf(goals);
        goalsReached = List.copyOf(goalsReached);
    }

    /** A summary of a sweep that started every seed. */
    public SweepSummary(String scenario, long firstSeed, int count, int shardIndex, int shardCount, int seedsRun,
                        int skipped, int failures, long events, long wallMillis, boolean interrupted,
                        List<String> goals, List<String> goalsReached) {
        this(scenario, firstSeed, count, shardIndex, shardCount, seedsRun, skipped, failures, events, wallMillis,
                interrupted, goals, goalsReached, 0);
    }

    /** The goals no seed of this sweep reached, in declaration order. */
    public List<String> goalsMissed() {
        return goals.stream().filter(goal -> !goalsReached.contains(goal)).toList();
    }

    /** A summary that says nothing of goals. */
    public SweepSummary(String scenario, long firstSeed, int count, int shardIndex, int shardCount, int seedsRun,
                        int skipped, int failures, long events, long wallMillis, boolean interrupted) {
        this(scenario, firstSeed, count, shardIndex, shardCount, seedsRun, skipped, failures, events, wallMillis,
                interrupted, List.of(), List.of());
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("type", "summary");
        json.put("scenario", scenario);
        json.put("first_seed", firstSeed);
        json.put("count", (long) count);
        json.put("shard", (shardIndex + 1) + "/" + shardCount);
        json.put("seeds_run", (long) seedsRun);
        json.put("skipped", (long) skipped);
        json.put("failures", (long) failures);
        json.put("events", events);
        json.put("wall_ms", wallMillis);
        json.put("interrupted", interrupted);
        json.put("goals", String.join(GOAL_SEPARATOR, goals));
        json.put("goals_reached", String.join(GOAL_SEPARATOR, goalsReached));
        json.put("goals_missed", String.join(GOAL_SEPARATOR, goalsMissed()));
        json.put("not_run", (long) notRun);
        return json;
    }

    public static SweepSummary fromJson(Map<String, Object> json) {
        String[] shard = FlatJson.text(json, "shard").split("/");
        if (shard.length != 2) {
            throw new IllegalArgumentException("malformed shard '" + FlatJson.text(json, "shard") + "'");
        }
        return new SweepSummary(FlatJson.text(json, "scenario"), FlatJson.number(json, "first_seed"),
                (int) FlatJson.number(json, "count"), Integer.parseInt(shard[0]) - 1, Integer.parseInt(shard[1]),
                (int) FlatJson.number(json, "seeds_run"), (int) FlatJson.number(json, "skipped"),
                (int) FlatJson.number(json, "failures"), FlatJson.number(json, "events"), FlatJson.number(json, "wall_ms"),
                FlatJson.flag(json, "interrupted"), goals(json, "goals"), goals(json, "goals_reached"),
                json.containsKey("not_run") ? (int) FlatJson.number(json, "not_run") : 0);
    }

    /** The goal names of a JSON field; a summary written before goals were reported has none. */
    private static List<String> goals(Map<String, Object> json, String key) {
        String text = json.containsKey(key) ? FlatJson.text(json, key) : "";
        return text.isEmpty() ? List.of() : List.of(text.split(GOAL_SEPARATOR));
    }
}
