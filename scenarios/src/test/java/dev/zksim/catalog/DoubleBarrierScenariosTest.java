package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.Time;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.Testkit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * zksim's double barrier passes the testkit's scenario, sessions renewed after expiry and
 * enters given up included; a participant that counts one too few is caught entering early,
 * and one whose give-up leaves its node behind lets the others in early: safety violations,
 * not timeouts.
 */
class DoubleBarrierScenariosTest {

    private static final ScenarioCatalog CATALOG = Catalog.standard();

    /** Every participant gives up now and then, under the usual random faults. */
    private static final ScenarioCatalog IMPATIENT = new ScenarioCatalog().add(
            Testkit.doubleBarrier("double-barrier-impatient", RecipeBarriers.doubleBarrier())
                    .giveUps(1, 1, Time.millis(5), Time.millis(300)).build());

    @SimulationProperty(seeds = 200)
    void theDoubleBarrierPasses(Seeds seeds) {
        seeds.check(CATALOG, "double-barrier");
    }

    @SimulationProperty(seeds = 200)
    void theDoubleBarrierPassesWhenEveryParticipantGivesUpNowAndThen(Seeds seeds) {
        seeds.check(IMPATIENT, "double-barrier-impatient");
    }

    /** The give-ups are real: some enters are withdrawn, and the rounds still complete. */
    @Test
    void givenUpEntersAreWithdrawnAndEnteredAgain() {
        ScenarioRunner runner = new ScenarioRunner(IMPATIENT);
        long withdrawn = LongStream.range(0, 20)
                .mapToObj(seed -> runner.run(RunSpec.of("double-barrier-impatient", seed)))
                .mapToLong(DoubleBarrierScenariosTest::withdrawnEnters).sum();
        assertThat(withdrawn).isPositive();
    }

    private static long withdrawnEnters(RunOutcome outcome) {
        assertThat(outcome.failure()).isEmpty();
        return outcome.history().ops().stream()
                .filter(op -> op.f().equals(OpKind.ENTER) && op.type() == OpType.FAIL && op.note().equals(Op.GAVE_UP))
                .count();
    }

    @SimulationProperty(seeds = 5)
    void aParticipantThatCountsOneTooFewEntersEarly(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-double-barrier-one-short");
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
    }

    @SimulationProperty(seeds = 200)
    void aGiveUpThatLeavesItsNodeLetsTheOthersInEarly(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-double-barrier-hasty-cancel");
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("double barrier (");
    }
}
