package dev.zksim.cli;

import dev.zksim.catalog.Catalog;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.trace.JsonLines;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.ScenarioRunner;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim replay LINE}: re-runs the run a reproduce line names, checks that it
 * produces the digest the line recorded, and can write the trace as JSON lines.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Re-run a reproduce line, verify its trace digest, optionally write the trace as JSON lines.")
final class ReplayCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "LINE", description = "The zksim1:... line a failure printed.")
    private String line;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the whole trace here as JSON lines.")
    private Path json;

    @Override
    public Integer call() {
        ReproLine repro = ReproLine.parse(line);
        ScenarioRunner runner = new ScenarioRunner(Catalog.standard());
        RunOutcome outcome = json == null ? runner.run(repro.spec()) : runWithTrace(runner, repro);
        System.out.println("scenario: " + repro.spec().scenario() + ", seed " + repro.spec().seed());
        outcome.knobs().forEach(knob -> System.out.println("knob " + knob));
        System.out.println("fault plan: " + outcome.plan());
        System.out.println("digest: " + outcome.digest());
        if (json != null) {
            System.out.println("trace written to " + json);
        }
        if (!repro.matches(outcome.digest())) {
            System.out.println("NONDETERMINISM: the line expects a digest starting " + repro.digest());
            return FailureKind.NONDETERMINISM.exitCode();
        }
        System.out.println("digest matches the reproduce line");
        if (outcome.failed()) {
            System.out.println("result: FAILED " + outcome.failure().orElseThrow().getMessage());
            return outcome.failureKind().orElseThrow().exitCode();
        }
        System.out.println("result: passed");
        return 0;
    }

    private RunOutcome runWithTrace(ScenarioRunner runner, ReproLine repro) {
        try {
            if (json.getParent() != null) {
                Files.createDirectories(json.getParent());
            }
            try (BufferedWriter out = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
                return runner.run(repro.spec(), JsonLines.writer(out));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + json, e);
        }
    }
}
