package com.example.coordination;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.scenario.ScenarioCatalog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What every broken variant's test does, in every package of this project: expect zksim to catch
 * it, and keep the line that reproduces it.
 */
public final class Canary {
    /** Each broken variant must be caught within this many seeds. */
    static final int SEEDS = 2000;

    private Canary() {
    }

    /**
     * Expects the scenario to fail with a safety violation and keeps its reproduce line for the
     * command-line replay (see {@link #keep}).
     */
    public static PropertyCheck.Counterexample expectSafetyViolation(ScenarioCatalog catalog, String scenario) {
        return keep(expect(catalog, scenario, FailureKind.SAFETY_VIOLATION));
    }

    /** Expects the scenario to fail as a liveness timeout and keeps its reproduce line likewise. */
    public static PropertyCheck.Counterexample expectLivenessTimeout(ScenarioCatalog catalog, String scenario) {
        return keep(expect(catalog, scenario, FailureKind.LIVENESS_TIMEOUT));
    }

    /**
     * Appends "EXIT LINE" to {@code target/reproduce-lines.txt}: {@code ./zksim test} replays each
     * line through the command line with {@code --classpath}, as a user would from a terminal,
     * and expects replay to exit with the failure's code (3 safety, 4 liveness) on the same digest.
     * {@code -Dzksim.keepLines=false} keeps none: {@code ./zksim test} runs the Curator tests again
     * against an older Curator, whose lines the replay (with the pom's Curator) could not match.
     */
    private static PropertyCheck.Counterexample keep(PropertyCheck.Counterexample found) {
        if (!Boolean.parseBoolean(System.getProperty("zksim.keepLines", "true"))) {
            return found;
        }
        try {
            Files.writeString(Path.of("target", "reproduce-lines.txt"),
                    found.kind().exitCode() + " " + found.line() + System.lineSeparator(),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    private static PropertyCheck.Counterexample expect(ScenarioCatalog catalog, String scenario, FailureKind kind) {
        PropertyCheck.Counterexample found = new Seeds(0, SEEDS).expectFailure(catalog, scenario);
        assertEquals(kind, found.kind(), found.describe());
        String line = found.line().toString();
        assertTrue(line.contains(":" + catalog.name() + "/" + scenario + ":"), line);
        // Shrinking makes a line short enough to paste into a terminal or a regressions list.
        assertTrue(line.length() <= 1000, "a shrunk line of " + line.length() + " characters: " + line);
        return found;
    }
}
