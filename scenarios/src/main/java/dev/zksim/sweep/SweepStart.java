package dev.zksim.sweep;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The first JSON line of a sweep's results, written before any seed runs: which shard of
 * which sweep the file is for. A shard killed before its summary line (an out-of-memory kill,
 * a cancelled CI job) is then known to {@code zksim merge} as killed, with its findings, and
 * not as missing.
 */
public record SweepStart(String scenario, long firstSeed, int count, int shardIndex, int shardCount) {

    /** The shard a summary reports on. */
    public static SweepStart of(SweepSummary summary) {
        return new SweepStart(summary.scenario(), summary.firstSeed(), summary.count(), summary.shardIndex(),
                summary.shardCount());
    }

    /** E.g. "shard 2/4 of lock-standard seeds 0+2000". */
    public String describe() {
        return "shard " + (shardIndex + 1) + "/" + shardCount + " of " + scenario + " seeds " + firstSeed + "+" + count;
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("type", "start");
        json.put("scenario", scenario);
        json.put("first_seed", firstSeed);
        json.put("count", (long) count);
        json.put("shard", (shardIndex + 1) + "/" + shardCount);
        return json;
    }

    public static SweepStart fromJson(Map<String, Object> json) {
        String[] shard = FlatJson.text(json, "shard").split("/");
        if (shard.length != 2) {
            throw new IllegalArgumentException("malformed shard '" + FlatJson.text(json, "shard") + "'");
        }
        try {
            return new SweepStart(FlatJson.text(json, "scenario"), FlatJson.number(json, "first_seed"),
                    (int) FlatJson.number(json, "count"), Integer.parseInt(shard[0]) - 1, Integer.parseInt(shard[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("malformed shard '" + FlatJson.text(json, "shard") + "'");
        }
    }
}
