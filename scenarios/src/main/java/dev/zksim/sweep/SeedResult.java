package dev.zksim.sweep;

import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.RunawayRun;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of one seed of a sweep, whatever happened to it: the verdict, the reproduce
 * line (null for a pass or a skip), a one-line message, the events it ran, its digest
 * ("-" when the run did not get far enough to have one) and the scenario's goals it reached.
 */
public record SeedResult(String scenario, long seed, Verdict verdict, String reproLine, String message, long events,
                         String digest, List<String> goalsReached) {

    public SeedResult {
        goalsReached = List.copyOf(goalsReached);
    }

    /** A result that reached no goal (or whose goals are not known: a skip, a crash, a finding read back). */
    public SeedResult(String scenario, long seed, Verdict verdict, String reproLine, String message, long events,
                      String digest) {
        this(scenario, seed, verdict, reproLine, message, events, digest, List.of());
    }

    public static SeedResult of(RunOutcome outcome) {
        RunSpec spec = outcome.spec();
        if (!outcome.failed()) {
            return new SeedResult(spec.scenario(), spec.seed(), Verdict.PASSED, null, "", outcome.events(), outcome.digest(),
                    outcome.goalsReached());
        }
        return new SeedResult(spec.scenario(), spec.seed(), Verdict.of(outcome.failureKind().orElseThrow()),
                new ReproLine(spec, outcome.digest()).toString(), oneLine(outcome.failure().orElseThrow().getMessage()),
                outcome.events(), outcome.digest(), outcome.goalsReached());
    }

    public static SeedResult skipped(RunSpec spec, String reason) {
        return new SeedResult(spec.scenario(), spec.seed(), Verdict.SKIPPED, null, oneLine(reason), 0, "-");
    }

    /** A seed the sweep never started because it stopped early. */
    public static SeedResult notRun(RunSpec spec) {
        return new SeedResult(spec.scenario(), spec.seed(), Verdict.NOT_RUN, null, "not run: the sweep stopped early", 0,
                "-");
    }

    public static SeedResult runaway(RunawayRun runaway) {
        RunSpec spec = runaway.spec();
        return new SeedResult(spec.scenario(), spec.seed(), Verdict.RUNAWAY, new ReproLine(spec, runaway.digest()).toString(),
                oneLine(runaway.getMessage()), runaway.events(), runaway.digest());
    }

    /** A run abandoned by the wall-clock watchdog: it never returned, so nothing of it is known. */
    public static SeedResult abandoned(RunSpec spec, String reason) {
        return new SeedResult(spec.scenario(), spec.seed(), Verdict.RUNAWAY, ReproLine.withoutDigest(spec), oneLine(reason),
                0, "-");
    }

    /** The simulator (or the code under test outside any event) threw: the seed is a crash finding, not a lost seed. */
    public static SeedResult crashed(RunSpec spec, Throwable error) {
        return new SeedResult(spec.scenario(), spec.seed(), Verdict.SIMULATOR_CRASH, ReproLine.withoutDigest(spec),
                oneLine("SIMULATOR_CRASH: " + error), 0, "-");
    }

    /** The line a person reads and a results file keeps: seed, class, the command that reproduces it, why. */
    public String describe() {
        return scenario + " seed " + seed + " " + verdict + (reproLine == null ? "" : " ./zksim replay " + reproLine)
                + (message.isEmpty() ? "" : " # " + message);
    }

    /** The fields of the JSON line a results file keeps (see {@link FlatJson}). */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("type", "finding");
        json.put("scenario", scenario);
        json.put("seed", seed);
        json.put("verdict", verdict.name());
        json.put("line", reproLine == null ? "" : reproLine);
        json.put("message", message);
        json.put("events", events);
        return json;
    }

    public static SeedResult fromJson(Map<String, Object> json) {
        String line = FlatJson.text(json, "line");
        return new SeedResult(FlatJson.text(json, "scenario"), FlatJson.number(json, "seed"),
                Verdict.valueOf(FlatJson.text(json, "verdict")), line.isEmpty() ? null : line, FlatJson.text(json, "message"),
                FlatJson.number(json, "events"), "-");
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replace('\n', ' ').replace('\r', ' ');
    }
}
