package com.example.coordination;

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

/** The team's election under zksim's faults, and proof that zksim catches the broken variant. */
class SimpleElectionTest {
    private static final ScenarioCatalog CATALOG = new ExampleScenarios().catalog();

    @SimulationProperty(seeds = 200)
    void thereIsOneLeaderAtATimeAndOneAfterTheHeal(Seeds seeds) {
        seeds.check(CATALOG, "example-election");
    }

    @Test
    void theElectionWithoutItsRecheckIsCaught() throws IOException {
        PropertyCheck.Counterexample found = new Seeds(0, 2000).expectFailure(CATALOG, "example-broken-election");
        assertEquals(FailureKind.SAFETY_VIOLATION, found.kind(), found.describe());
        String line = found.line().toString();
        assertTrue(line.contains(":examples/example-broken-election:"), line);
        // ./zksim test replays this line through the command line with --classpath, as a user would.
        Files.writeString(Path.of("target", "reproduce-lines.txt"), line + System.lineSeparator(),
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
