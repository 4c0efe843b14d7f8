package dev.zksim.explore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.ElectionScenarios;
import dev.zksim.catalog.LockScenarios;
import dev.zksim.catalog.SemaphoreScenarios;
import dev.zksim.scenario.Scenario;
import dev.zksim.testkit.Testkit;
import org.junit.jupiter.api.Test;

/**
 * Where the small scope cannot reach a goal or a violation of what a scenario checks, the
 * scenario says so before any run, and the explorer prints it: a clean exploration that
 * could not have found the bug never ends without a word. Where the smallest configuration
 * cannot, but a larger value of a knob can, the builder has the scope explore that knob
 * instead.
 */
class ScopeLimitsTest {
    private static final String OVER_COUNT = "with at most 2 clients for 2 permits, no instant of this scope has more"
            + " holders than permits, so an over-count cannot be found";

    @Test
    void twoClientsWithTwoPermitsCanNeverOverCountAndExploreSaysSo() {
        Scenario scenario = Testkit.semaphore("two-for-two", SemaphoreScenarios.LEASES).permits(2, 2).clients(2, 2)
                .noGiveUps().build();
        assertThat(scenario.unreachableInSmallScope(1)).singleElement().asString().startsWith(OVER_COUNT);
        ExploreReport report = Explorer.builder(scenario).strategy(Explorer.Strategy.PCT).runs(3).explore();
        assertThat(report.violation()).isEmpty();
        assertThat(report.exitCode()).isZero();
        assertThat(report.scopeNotes()).first().asString().startsWith(OVER_COUNT);
        assertThat(report.summary()).contains("scope: " + OVER_COUNT);
    }

    /** More workers than the smallest number of permits in some seeds: the scope explores the number of workers. */
    @Test
    void aSemaphoreWhoseWorkersCanOutnumberItsPermitsHasTheScopeExploreThem() {
        Scenario scenario = Testkit.semaphore("two-to-four", SemaphoreScenarios.LEASES).permits(2, 2).clients(2, 4)
                .noGiveUps().build();
        assertThat(scenario.smallScopeKnobs()).containsExactly("knobs/clients");
        assertThat(scenario.unreachableInSmallScope(1)).isEmpty();
        assertThat(Explorer.builder(scenario).strategy(Explorer.Strategy.PCT).runs(1).explore().bounds())
                .contains("knobs/clients (2 values)");
    }

    @Test
    void aScopeWithoutFaultsSaysWhatItCannotReach() {
        Scenario lock = Testkit.lock("no-faults", LockScenarios.EXCLUSIVE).clients(3, 4).build();
        assertThat(lock.unreachableInSmallScope(1)).isEmpty();
        assertThat(lock.unreachableInSmallScope(0)).singleElement().asString()
                .startsWith("no fault strikes in this scope (--faults 0)").contains("no zombie can be found");
        Scenario faultFree = Testkit.lock("fault-free", LockScenarios.EXCLUSIVE).clients(3, 4).noFaults().build();
        assertThat(faultFree.unreachableInSmallScope(1)).singleElement().asString()
                .startsWith("no fault strikes in this scope (the scenario has none)");
    }

    @Test
    void shapesNameWhatTheirSmallestConfigurationRulesOut() {
        assertThat(Testkit.lock("pair", LockScenarios.EXCLUSIVE).clients(2, 2).build().unreachableInSmallScope(1))
                .singleElement().asString().contains("the herd check cannot fail");
        assertThat(Testkit.lock("pair-no-herd", LockScenarios.EXCLUSIVE).clients(2, 2).herdFree(false).build()
                .unreachableInSmallScope(1)).isEmpty();
        assertThat(Testkit.election("alone", ElectionScenarios.RECIPE).candidates(1, 1).build().unreachableInSmallScope(1))
                .singleElement().asString().startsWith("one candidate: leadership cannot change hands");
        Scenario oneOrMore = Testkit.election("one-or-more", ElectionScenarios.RECIPE).candidates(1, 4).build();
        assertThat(oneOrMore.smallScopeKnobs()).containsExactly("knobs/candidates");
        assertThat(oneOrMore.unreachableInSmallScope(1)).isEmpty();
    }

    /** After a clean run, the goals it never reached are counted in a sentence of their own. */
    @Test
    void aCleanExplorationCountsTheGoalsItNeverReached() {
        Scenario scenario = Testkit.lock("short", LockScenarios.EXCLUSIVE).clients(3, 3).noGiveUps().build();
        ExploreReport report = Explorer.builder(scenario).faults(0).strategy(Explorer.Strategy.PCT).runs(2).explore();
        assertThat(report.goalsMissed()).contains("a holder lost its session while holding");
        assertThat(report.scopeNotes()).contains("no fault strikes in this scope (--faults 0): no client is disconnected"
                + " and no session is lost, so no holder loses what it holds and no zombie can be found.");
        assertThat(report.scopeNotes()).last().asString().startsWith("goals never reached within these bounds: "
                + report.goalsMissed().size() + " of " + scenario.goals().size());
    }
}
