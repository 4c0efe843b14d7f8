package com.example.coordination;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.ReproLine;
import dev.zksim.property.Seeds;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** What every broken variant's test does: expect zksim to catch it, and keep the line that reproduces it. */
final class Canary {
    /** Each broken variant must be caught within this many seeds. */
    static final int SEEDS = 2000;

    private Canary() {
    }

    /**
     * Expects the scenario to fail with a safety violation and appends its reproduce line to
     * {@code target/reproduce-lines.txt}, which {@code ./zksim test} replays through the command
     * line with {@code --classpath}, expecting exit 3, as a user would from a terminal.
     */
    static PropertyCheck.Counterexample expectSafetyViolation(ScenarioCatalog catalog, String scenario) {
        PropertyCheck.Counterexample found = expect(catalog, scenario, FailureKind.SAFETY_VIOLATION);
        try {
            Files.writeString(Path.of("target", "reproduce-lines.txt"), found.line() + System.lineSeparator(),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    /**
     * Expects the scenario to fail as a liveness timeout, and replays its line here to the same
     * digest (the launcher's replay in {@code ./zksim test} expects safety violations only).
     */
    static PropertyCheck.Counterexample expectLivenessTimeout(ScenarioCatalog catalog, String scenario) {
        PropertyCheck.Counterexample found = expect(catalog, scenario, FailureKind.LIVENESS_TIMEOUT);
        ReproLine line = ReproLine.parse(found.line().toString());
        String digest = new ScenarioRunner(catalog).run(line.spec()).digest();
        assertTrue(line.matches(digest), "replaying " + line + " gave digest " + digest);
        return found;
    }

    private static PropertyCheck.Counterexample expect(ScenarioCatalog catalog, String scenario, FailureKind kind) {
        PropertyCheck.Counterexample found = new Seeds(0, SEEDS).expectFailure(catalog, scenario);
        assertEquals(kind, found.kind(), found.describe());
        String line = found.line().toString();
        assertTrue(line.contains(":" + catalog.name() + "/" + scenario + ":"), line);
        return found;
    }
}
