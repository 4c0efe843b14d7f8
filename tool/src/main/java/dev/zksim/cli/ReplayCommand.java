package dev.zksim.cli;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.trace.JsonLines;
import dev.zksim.kernel.trace.TraceSink;
import dev.zksim.property.ReproLine;
import dev.zksim.report.data.ResultsFolder;
import dev.zksim.report.spacetime.SpaceTimeDiagram;
import dev.zksim.check.HistorySpans;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.report.trace.RecordCapture;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.ScenarioRunner;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim replay LINE}: re-runs the run a reproduce line names, checks that it
 * produces the digest the line recorded, and can write the trace as JSON lines and as a
 * space-time diagram (an HTML page that opens offline, without JavaScript).
 */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Re-run a reproduce line, verify its trace digest, optionally write the trace as JSON lines"
                + " and as a space-time diagram (HTML).")
final class ReplayCommand implements Callable<Integer> {

    /** Records kept for the diagram; the diagram itself stops earlier if the arrows run out. */
    static final int HTML_RECORDS = 20_000;
    /**
     * Records the JSON trace keeps: about 400 MB of lines. A run that loops through the same
     * few events until a bound stops it (a busy retry against the ensemble) would otherwise fill
     * the disk; its first two million records say what it did.
     */
    static final long JSON_RECORDS = 2_000_000;

    @Parameters(index = "0", paramLabel = "LINE", description = "The zksim4:... line a failure printed, or @FILE for a line kept in a file (a report writes a line too"
            + " long to print to results/lines/ and prints ./zksim replay @FILE).")
    private String line;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the trace here as JSON lines (its first 2,000,000 records).")
    private Path json;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Write a space-time diagram of the run here: one lane per server and client, messages as"
                    + " arrows, faults marked, watch notifications highlighted.")
    private Path html;

    @Override
    public Integer call() {
        ReproLine repro = ReproLine.parse(line);
        UserClasspath.catalog().find(repro.spec().scenario());
        if (json != null) {
            OutputPaths.checkFile(json, "--json");
        }
        if (html != null) {
            OutputPaths.checkFile(html, "--html");
        }
        ScenarioRunner runner = new ScenarioRunner(UserClasspath.catalog());
        RecordCapture capture = html == null ? null : new RecordCapture(HTML_RECORDS);
        RunOutcome outcome = json == null ? runner.run(repro.spec(), capture) : runWithTrace(runner, repro, capture);
        System.out.println("scenario: " + repro.spec().scenario() + ", seed " + repro.spec().seed());
        outcome.knobs().forEach(knob -> System.out.println("knob " + knob));
        System.out.println("fault plan: " + outcome.plan());
        System.out.println("digest: " + outcome.digest());
        if (json != null) {
            System.out.println("trace written to " + json);
        }
        if (html != null) {
            writeDiagram(repro, outcome, capture);
            System.out.println("space-time diagram written to " + html.toAbsolutePath());
        }
        LineAgreement agreement = LineAgreement.of(runner, repro, outcome);
        System.out.println(agreement.describe(repro, outcome));
        if (agreement == LineAgreement.NONDETERMINISM) {
            return FailureKind.NONDETERMINISM.exitCode();
        }
        if (agreement == LineAgreement.OTHER_CODE) {
            // The run as this code has it is what the user asked about: passed (0) or its failure's code.
            System.out.println(LineAgreement.now(outcome));
        }
        if (outcome.failed()) {
            System.out.println("result: FAILED " + outcome.failure().orElseThrow().getMessage());
            return outcome.failureKind().orElseThrow().exitCode();
        }
        System.out.println("result: passed");
        return 0;
    }

    private RunOutcome runWithTrace(ScenarioRunner runner, ReproLine repro, RecordCapture capture) {
        try {
            if (json.getParent() != null) {
                Files.createDirectories(json.getParent());
            }
            try (BufferedWriter out = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
                TraceSink lines = JsonLines.writer(out);
                long[] seen = {0};
                RunOutcome outcome = runner.run(repro.spec(), record -> {
                    if (++seen[0] <= JSON_RECORDS) {
                        lines.accept(record);
                    }
                    if (capture != null) {
                        capture.accept(record);
                    }
                });
                if (seen[0] > JSON_RECORDS) {
                    System.out.println("trace cut after " + JSON_RECORDS + " of its " + seen[0] + " records");
                }
                return outcome;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + json, e);
        }
    }

    /** The page says what was replayed, so a diagram file found later explains itself. */
    private void writeDiagram(ReproLine repro, RunOutcome outcome, RecordCapture capture) {
        List<String> facts = new ArrayList<>();
        facts.add("Scenario " + repro.spec().scenario() + ", seed " + repro.spec().seed() + ".");
        facts.add("Knobs: " + String.join("; ", outcome.knobs()) + ".");
        facts.add("Fault plan: " + outcome.plan() + ".");
        facts.add("Result: " + outcome.failure().map(f -> "FAILED " + f.getMessage()).orElse("passed")
                + "; trace digest " + outcome.digest() + ".");
        facts.add("Reproduce line: " + repro);
        String page = SpaceTimeDiagram.page("zksim replay: " + repro.spec().scenario() + " seed " + repro.spec().seed(),
                facts, capture.records(), capture.seen(), SpaceTimeDiagram.DEFAULT_MAX_ARROWS,
                HistorySpans.of(outcome.history(), outcome.failure().map(SimulationFailure::evidence).orElse(List.of()),
                        outcome.simulatedTime()));
        ResultsFolder.writeTo(html, page);
    }
}
