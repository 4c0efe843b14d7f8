package com.example.official;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

/**
 * The official-client lock and election under zksim's faults, and proof that zksim catches
 * each broken variant with a reproduce line that {@code ./zksim test} replays from the
 * command line.
 */
class OfficialRecipesTest {
    private static final ScenarioCatalog CATALOG = new OfficialScenarios().catalog();

    @SimulationProperty(seeds = 200)
    void theBlockingLockIsSafeAndLive(Seeds seeds) {
        seeds.check(CATALOG, "official-lock");
    }

    @SimulationProperty(seeds = 200)
    void theCallbackElectionHasOneLeaderAtATime(Seeds seeds) {
        seeds.check(CATALOG, "official-election");
    }

    @Test
    void theLockWithoutItsRecheckIsCaught() throws IOException {
        expectSafetyViolation("official-broken-lock");
    }

    @Test
    void theElectionWithoutItsRecheckIsCaught() throws IOException {
        expectSafetyViolation("official-broken-election");
    }

    private static void expectSafetyViolation(String scenario) throws IOException {
        PropertyCheck.Counterexample found = new Seeds(0, 2000).expectFailure(CATALOG, scenario);
        assertEquals(FailureKind.SAFETY_VIOLATION, found.kind(), found.describe());
        String line = found.line().toString();
        assertTrue(line.contains(":official-examples/" + scenario + ":"), line);
        assertTrue(line.length() <= 1000, "the shrunk line is short enough to paste: " + line);
        Files.writeString(Path.of("target", "reproduce-lines.txt"), line + System.lineSeparator(),
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
