package com.example.realbugs;

import com.example.coordination.Canary;
import dev.zksim.property.Seeds;
import dev.zksim.scenario.ScenarioCatalog;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real bugs of Curator, kazoo and Kafka, rewritten as users' recipes: each fix passes under the
 * faults its bug needs, and zksim catches each bug within the canaries' seed budget
 * (docs/real-bugs.md gives how often, and which faults each needs).
 */
class RealBugsTest {
    private static final ScenarioCatalog CATALOG = new RealBugScenarios().catalog();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"curator-45", "curator-202", "kazoo-732", "curator-604", "kazoo-herd", "curator-335",
        "kazoo-148", "kafka-14845", "kafka-6082", "kafka-13407"})
    void theFixPasses(String issue) {
        new Seeds(0, 150).check(CATALOG, issue + RealBugScenarios.FIXED);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"curator-45", "curator-202", "kazoo-732", "curator-335", "kafka-14845", "kafka-13407"})
    void aBugThatStopsEveryoneIsCaught(String issue) {
        Canary.expectLivenessTimeout(CATALOG, issue);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"curator-604", "kazoo-herd", "kazoo-148", "kafka-6082"})
    void aBugThatBreaksSafetyIsCaught(String issue) {
        Canary.expectSafetyViolation(CATALOG, issue);
    }
}
