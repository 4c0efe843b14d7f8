package dev.zksim.sweep;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The totals of one sweep (or one shard of it), as written on the last JSON line of its
 * results: which seeds it covered, how many ran and were skipped, and how long it took.
 * {@code zksim merge} adds shards' summaries up and checks that every shard reported.
 */
public record SweepSummary(String scenario, long firstSeed, int count, int shardIndex, int shardCount, int seedsRun,
                           int skipped, int failures, long events, long wallMillis, boolean interrupted) {

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
                FlatJson.flag(json, "interrupted"));
    }
}
