package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.WithBugs;
import dev.zksim.server.zab.KnownBug;
import dev.zksim.testkit.Testkit;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each implemented known bug, on the seed where its scenario first showed it: with the flag
 * the run breaks the Zab invariant that the bug breaks in ZooKeeper, and the same seed
 * without the flag passes every check. The seeds are the first failing ones of sweeps from
 * seed 0, so a change in the model that moves them is seen here.
 * The CREB bug is a server that refuses to start, a liveness failure at its restart;
 * ZOOKEEPER-3144 breaks the ensemble check that every ephemeral's owner session is live.
 */
class KnownBugScenariosTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ZOOKEEPER-1419      | 43  | SAFETY_VIOLATION  | Zab invariants violated: peer 1 replaced its vote",
        "ZOOKEEPER-2845      | 0   | SAFETY_VIOLATION  | Zab invariants violated: peer 1 skipped 0x100000002 (delivered by 2)",
        "ZOOKEEPER-3911      | 50  | SAFETY_VIOLATION  | Zab invariants violated: peer 1 truncated committed 0x100000010",
        "ZOOKEEPER-4643      | 7   | SAFETY_VIOLATION  | Zab invariants violated: leader 3 of epoch 4 lacks committed",
        "ZOOKEEPER-4925      | 0   | SAFETY_VIOLATION  | Zab invariants violated: peer 2 truncated committed 0x100000002",
        "ZOOKEEPER-4646      | 0   | SAFETY_VIOLATION  | Zab invariants violated: peer 1 truncated committed 0x100000004",
        "ZOOKEEPER-4785      | 0   | SAFETY_VIOLATION  | Zab invariants violated: peer 1 truncated committed 0x100000004",
        "ZOOKEEPER-4712      | 0   | SAFETY_VIOLATION  | Zab invariants violated: peer 2 wrote 0x100000003 to its txn log after 0x100000003",
        "ZOOKEEPER-4394      | 0   | SAFETY_VIOLATION  | Zab invariants violated: peer 3 received COMMIT 0x20000000b but holds no proposal",
        "ZOOKEEPER-5094      | 12  | SAFETY_VIOLATION  | Zab invariants violated: peer 3 skipped committed 0x200000001 before 0x20000000d",
        "ZOOKEEPER-4882      | 2   | SAFETY_VIOLATION  | Zab invariants violated: peer 1 skipped committed 0x10000000e",
        "ZOOKEEPER-3144      | 9   | SAFETY_VIOLATION  | ensemble self-check failed: s3 holds ephemerals [/a0000000005] of session",
        "CREB-SNAPSHOT-EPOCH | 17  | LIVENESS_TIMEOUT  | peer 3 refuses to start: the current epoch, 1, is older than"})
    void theFlagBreaksAnInvariantThatTheSameSeedKeepsWithoutIt(String id, long seed, FailureKind kind, String invariant) {
        KnownBug bug = KnownBug.parse(id);
        String scenario = KnownBugScenarios.scenarioFor().get(bug);
        ScenarioRunner runner = new ScenarioRunner(CATALOG);

        RunOutcome buggy = runner.run(RunSpec.of(WithBugs.idOf(scenario, List.of(bug)), seed));
        assertThat(buggy.failure()).as("%s seed %d with %s", scenario, seed, id).isPresent();
        SimulationFailure failure = buggy.failure().get();
        assertThat(failure.kind()).isEqualTo(kind);
        assertThat(failure.getMessage()).contains(invariant);
        assertThat(buggy.knobs()).contains("bugs: " + id);

        RunOutcome fixed = runner.run(RunSpec.of(scenario, seed));
        assertThat(fixed.failure()).as("%s seed %d without %s", scenario, seed, id).isEmpty();
    }

    @Test
    void everyImplementedBugHasAScenarioAndNoOtherDoes() {
        for (KnownBug bug : KnownBug.values()) {
            assertThat(KnownBugScenarios.scenarioFor().containsKey(bug)).as(bug.id()).isEqualTo(bug.implemented());
        }
        assertThat(KnownBug.values()).hasSize(13);
    }

    @Test
    void aScenarioIdNamesItsBugsAndAnUnknownOrMissingBugIsRefused() {
        assertThat(CATALOG.find("zab-sync-crash+ZOOKEEPER-4643+ZOOKEEPER-1419").id())
                .isEqualTo("zab-sync-crash+ZOOKEEPER-1419+ZOOKEEPER-4643");
        assertThat(CATALOG.qualify("lock-standard+ZOOKEEPER-4646")).isEqualTo("lock-standard+ZOOKEEPER-4646");
        assertThat(CATALOG.find("lock-standard").prepare(new SeededChoices(1).stream("knobs"))
                .ensemble().bugs()).isEmpty();
        assertThatThrownBy(() -> CATALOG.find("lock-standard+ZOOKEEPER-1")).hasMessageStartingWith("unknown bug 'ZOOKEEPER-1'");
    }

    /** While some bug is not implemented, naming it is refused rather than running the fixed model. */
    @Test
    void aBugThisBuildLacksIsRefused() {
        var missing = Arrays.stream(KnownBug.values()).filter(bug -> !bug.implemented()).findFirst();
        assumeThat(missing).as("every bug is implemented").isPresent();
        String id = missing.get().id();
        assertThatThrownBy(() -> CATALOG.find("lock-standard+" + id)).hasMessageContaining("not implemented");
        assertThatThrownBy(() -> Testkit.custom("x").bugs(missing.get())).hasMessageContaining(id + " is not implemented");
    }
}
