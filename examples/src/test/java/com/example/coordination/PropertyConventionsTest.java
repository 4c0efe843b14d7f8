package com.example.coordination;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.zksim.history.OpKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.ReproLine;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.Testkit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a {@code @SimulationProperty} shows a user, seen as an IDE sees it (through the JUnit
 * Platform launcher): report entries when it passes, the shrunk case first when it fails,
 * reproduce lines kept as regression tests, and the failing seed remembered for the next run.
 * The property classes it runs are the nested classes below; surefire does not run them itself.
 */
class PropertyConventionsTest {
    private static final ScenarioCatalog EXAMPLES = new ExampleScenarios().catalog();
    /** Seed 28 (0x1c) of the lock without its re-check breaks exclusion; the real lock passes it. */
    static final String BROKEN_LOCK_LINE = "zksim3:examples/example-broken-lock:1c:-:-:2da28dee7dc7864d";
    static final String LOCK_LINE = "zksim3:examples/example-lock:1c:-:-:af2ba83fcfb73dea";

    /** Whether the toggled lock below is the broken one: the same scenario, before and after a fix. */
    static final AtomicBoolean BROKEN = new AtomicBoolean();
    static final ScenarioCatalog TOGGLED = new ScenarioCatalog("conventions").add(Testkit.lock("toggle-lock",
            (client, events) -> ExampleScenarios.lock(!BROKEN.get()).create(client, events))
            .onlyGoals(Goal.contended(OpKind.ACQUIRE, "two clients wanted the lock at once"),
                    Goal.onHistory("a run with no history", history -> history.size() == 0)).build());

    static class PassingProperty {
        @SimulationProperty(seeds = 4)
        void theLockHolds(Seeds seeds) {
            seeds.check(TOGGLED, "toggle-lock");
        }
    }

    static class RegressionProperties {
        @SimulationProperty(seeds = 2, regressions = LOCK_LINE)
        void aKeptLineThatPassesRunsFirst(Seeds seeds) {
            seeds.check(EXAMPLES, "example-lock");
        }

        /** The line fails, so the property fails before its seeds (which the fixed lock would pass). */
        @SimulationProperty(seeds = 2, regressions = BROKEN_LOCK_LINE)
        void aKeptLineThatFailsFailsTheProperty(Seeds seeds) {
            seeds.check(EXAMPLES, "example-lock");
        }
    }

    static class RememberingProperty {
        @SimulationProperty(seeds = 10)
        void theToggledLock(Seeds seeds) {
            seeds.check(TOGGLED, "toggle-lock");
        }
    }

    @Test
    void aPassingPropertyReportsItsSeedsTimeGoalsAndFaults(@TempDir Path failures) {
        BROKEN.set(false);
        LauncherRun run = LauncherRun.of(PassingProperty.class, Map.of("zksim.failures", failures.toString()));
        assertTrue(run.passed("theLockHolds"), run.failure("theLockHolds"));
        Map<String, String> entries = run.entries.get("theLockHolds");
        assertEquals("4 runs (toggle-lock seeds 0..3)", entries.get("zksim.seeds"));
        assertTrue(entries.get("zksim.time").matches("\\d+\\.\\d{3} s"), entries.get("zksim.time"));
        assertEquals("reached: two clients wanted the lock at once; never reached: a run with no history",
                entries.get("zksim.goals"));
        assertTrue(entries.get("zksim.faults").matches("none|[a-z-]+ \\d+(, [a-z-]+ \\d+)*"), entries.get("zksim.faults"));
    }

    @Test
    void keptLinesRunBeforeTheSeedsAndMustPass(@TempDir Path failures) {
        LauncherRun run = LauncherRun.of(RegressionProperties.class, Map.of("zksim.failures", failures.toString()));
        assertTrue(run.passed("aKeptLineThatPassesRunsFirst"), run.failure("aKeptLineThatPassesRunsFirst"));
        assertEquals("3 runs (example-lock seeds 0..1), 1 of them regression lines",
                run.entries.get("aKeptLineThatPassesRunsFirst").get("zksim.seeds"));
        String failure = run.failure("aKeptLineThatFailsFailsTheProperty");
        assertTrue(failure.startsWith("reproduce: ./zksim replay " + BROKEN_LOCK_LINE + "\n"), failure);
        assertTrue(failure.contains("the regression line fails again: SAFETY_VIOLATION"), failure);
        assertEquals("1 runs, 1 of them regression lines", run.entries.get("aKeptLineThatFailsFailsTheProperty").get("zksim.seeds"),
                "no seed ran after the failing line");
    }

    /** The testkit's way without the annotation: replay a shrunk line in any test. */
    @Test
    void aShrunkLineReplaysAsARegressionInAPlainTest() {
        PropertyCheck.Counterexample found = new Seeds(20, 20).expectFailure(EXAMPLES, "example-broken-lock");
        String shrunk = found.line().toString();
        AssertionError again = assertThrows(AssertionError.class, () -> new Seeds(0, 0).replay(EXAMPLES, shrunk));
        assertTrue(again.getMessage().startsWith("reproduce: ./zksim replay " + shrunk), again.getMessage());
        // The same draws against the lock with its re-check: the fix holds.
        // (A line is checksummed, so the other scenario's line is made, not edited.)
        ReproLine broken = ReproLine.parse(shrunk);
        String fixed = new ReproLine(broken.spec().withScenario("examples/example-lock"), "-").toString();
        new Seeds(0, 0).replay(EXAMPLES, fixed);
    }

    @Test
    void theLastFailingSeedRunsFirstNextTimeAndIsForgottenOncePassing(@TempDir Path failures) throws IOException {
        // Seeds 25..34, of which 28 is the first the broken lock fails.
        Map<String, String> settings = Map.of("zksim.failures", failures.toString(), "zksim.seed", "25");
        Path stored = failures.resolve(RememberingProperty.class.getName() + ".theToggledLock");
        BROKEN.set(true);
        LauncherRun first = LauncherRun.of(RememberingProperty.class, settings);
        String message = first.failure("theToggledLock");
        assertTrue(message.startsWith("reproduce: ./zksim replay zksim4:conventions/toggle-lock:"), message);
        assertTrue(message.contains("\noriginal failure, before shrinking:\n"), "the shrunk case first, then the original: " + message);
        String kept = Files.readString(stored);
        long seed = Long.parseLong(kept.split(" ")[1]);
        assertTrue(kept.startsWith("toggle-lock " + seed + " zksim4:conventions/toggle-lock:"), kept);

        // No seeds at all this time: the remembered one still runs, first, and fails the same way.
        LauncherRun again = LauncherRun.of(RememberingProperty.class, Map.of("zksim.failures", failures.toString(),
                "zksim.seed", "25", "zksim.seeds", "0"));
        assertEquals(message, again.failure("theToggledLock"));
        assertEquals("1 runs (toggle-lock seed " + seed + ")", again.entries.get("theToggledLock").get("zksim.seeds"));
        assertEquals(kept, Files.readString(stored), "the store is written the same way each time");

        BROKEN.set(false);
        LauncherRun fixed = LauncherRun.of(RememberingProperty.class, settings);
        assertTrue(fixed.passed("theToggledLock"), fixed.failure("theToggledLock"));
        assertEquals("11 runs (toggle-lock seed " + seed + "; toggle-lock seeds 25..34)",
                fixed.entries.get("theToggledLock").get("zksim.seeds"));
        assertFalse(Files.exists(stored), "a property that passes again forgets its seed");
    }
}
