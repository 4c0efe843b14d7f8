package com.example.coordination;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.zksim.explore.ExploreReport;
import dev.zksim.explore.Explorer;
import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;

/** The team's lock under zksim's faults, and proof that zksim catches the broken variant. */
class SimpleLockTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    /** One seed per core at once: the lock keeps no static state, so simulations running together share nothing. */
    @SimulationProperty(seeds = 200, threads = 0)
    void theLockIsSafeAndLive(Seeds seeds) {
        seeds.check(CATALOG, "example-lock");
    }

    /**
     * Model checking from a JUnit test: a depth-first search of the lock's small scope
     * (at most one fault, one deviation from the default schedule) finds no violation, while
     * the broken variant's violation comes back shrunk, with a reproduce line like a seed's.
     */
    @Test
    void exhaustiveSearchPassesTheLockAndCatchesTheBrokenOne() throws IOException {
        ExploreReport report = Explorer.builder(CATALOG, "example-lock").faults(1).runs(3_000).check();
        assertTrue(report.runs() > 1, report.summary());
        PropertyCheck.Counterexample found = Explorer.builder(CATALOG, "example-broken-lock").expectFailure();
        assertEquals(FailureKind.SAFETY_VIOLATION, found.kind(), found.describe());
        String line = found.line().toString();
        assertTrue(line.contains(":examples/example-broken-lock:"), line);
        // ./zksim test replays this line through the command line with --classpath, as a user would.
        Files.writeString(Path.of("target", "reproduce-lines.txt"), found.kind().exitCode() + " " + line
                + System.lineSeparator(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test
    void theLockWithoutItsRecheckIsCaught() {
        Canary.expectSafetyViolation(CATALOG, "example-broken-lock");
    }
}
