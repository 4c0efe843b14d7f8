package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.MembershipUnderTest;
import dev.zksim.testkit.Testkit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * zksim's membership passes the testkit's membership scenario, sessions renewed after expiry
 * included, and a member that does not really rejoin after a new session is caught by the
 * check of the members' own views.
 */
class MembershipScenariosTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @SimulationProperty(seeds = 200)
    void theMembershipRecipePasses(Seeds seeds) {
        seeds.check(CATALOG, "membership");
    }

    @SimulationProperty(seeds = 5)
    void aMemberThatDoesNotRejoinAfterANewSessionIsCaught(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-membership-stale-rejoin");
        assertThat(caught.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("differs from the live members");
    }

    @SimulationProperty(seeds = 200)
    void partitionsClaimedThroughNodesNeverHaveTwoOwners(Seeds seeds) {
        seeds.check(CATALOG, "membership-partitions");
    }

    @SimulationProperty(seeds = 20)
    void membersThatOwnWhatTheirViewAssignsThemAreCaught(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-membership-view-assigned");
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("partition ownership of partition");
    }

    /**
     * A member whose every join fails: nobody is ever live, so every view converges trivially,
     * and only the rule that a member that wants in gets in within the bound catches it.
     */
    @Test
    void aMemberThatIsNeverLetInFailsTheRun() {
        MembershipUnderTest.Factory refused = (client, name, events) -> new MembershipUnderTest() {
            @Override
            public CompletionStage<Void> join() {
                return CompletableFuture.failedFuture(new IllegalStateException("registration refused"));
            }

            @Override
            public CompletionStage<Void> leave() {
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public Optional<List<String>> view() {
                return Optional.empty();
            }
        };
        ScenarioCatalog catalog = new ScenarioCatalog().add(Testkit.membership("never-let-in", refused).noFaults().build());
        PropertyCheck.Counterexample caught = new Seeds(0, 1).expectFailure(catalog, "never-let-in");
        assertThat(caught.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("and the member never got in since");
    }

    /** The canary without the step that exposes it: the members do not declare that they rejoin on their own. */
    private static final ScenarioCatalog UNDECLARED_CANARY = new ScenarioCatalog().add(
            Testkit.membership("rejoin-keeps-view-undeclared", RecipeGroups.rejoinKeepsViewCanary(false))
                    .servers(1, 3).members(2, 4)
                    .faults(1, 2, Time.seconds(2), List.of(FaultKind.EXPIRE_SESSION)).build());

    /**
     * A member that rejoins on its own but keeps the lost session's view is caught once the
     * workload leaves the rejoin to it (seed 0 of the catalogue's canary already fails) ...
     */
    @SimulationProperty(seeds = 10)
    void aMemberThatRejoinsOnItsOwnWithTheOldViewIsCaught(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-membership-rejoin-keeps-view");
        assertThat(caught.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).containsAnyOf("differs from the live members",
                "reported no view since the heal");
    }

    /** ... and passes when the workload joins it again itself, whose join restarts the view. */
    @SimulationProperty(seeds = 100)
    void theSameMemberPassesWhenTheCallerRejoinsIt(Seeds seeds) {
        seeds.check(UNDECLARED_CANARY, "rejoin-keeps-view-undeclared");
    }

    /** The step is taken: in the catalogue's membership scenario, members come back on their own. */
    @Test
    void membersOfTheMembershipScenarioRejoinOnTheirOwn() {
        int[] rejoined = {0};
        MembershipUnderTest.Factory counting = (client, name, events) -> RecipeGroups.members().create(client, name,
                new MembershipUnderTest.Events() {
                    @Override
                    public void view(List<String> members) {
                        events.view(members);
                    }

                    @Override
                    public void suspended() {
                        events.suspended();
                    }

                    @Override
                    public void lost() {
                        events.lost();
                    }

                    @Override
                    public void owned(SortedSet<Integer> partitions) {
                        events.owned(partitions);
                    }

                    @Override
                    public void rejoined() {
                        rejoined[0]++;
                        events.rejoined();
                    }
                });
        ScenarioRunner runner = new ScenarioRunner(new ScenarioCatalog().add(Testkit.membership("counted", counting).build()));
        LongStream.range(0, 30).forEach(seed ->
                assertThat(runner.run(RunSpec.of("counted", seed)).failure()).isEmpty());
        assertThat(rejoined[0]).isPositive();
    }

    /**
     * Issue 25, item 5: after a lost session the workload joins again at once, also while the
     * lost session's join is still pending, as MembershipUnderTest says. Pinned with a member
     * that never answers a join: c1's session expires at 1 s, and its second join comes while
     * the first is pending.
     */
    @Test
    void afterALostSessionTheWorkloadJoinsAgainWhileTheLostJoinIsPending() {
        Map<Object, int[]> calls = new LinkedHashMap<>();
        MembershipUnderTest.Factory silent = (client, name, events) -> new MembershipUnderTest() {
            @Override
            public CompletionStage<Void> join() {
                calls.computeIfAbsent(this, key -> new int[1])[0]++;
                return new CompletableFuture<>();
            }

            @Override
            public CompletionStage<Void> leave() {
                return new CompletableFuture<>();
            }

            @Override
            public Optional<List<String>> view() {
                return Optional.empty();
            }
        };
        ScenarioCatalog catalog = new ScenarioCatalog().add(Testkit.membership("silent-members", silent)
                .members(2, 2).build());
        new ScenarioRunner(catalog).run(RunSpec.of("silent-members", 1).withPlan(FaultPlan.parse("at 1s expire c1")));
        assertThat(calls.values().stream().mapToInt(count -> count[0]).max().orElse(0))
                .as("joins on one member, none of them ever answered").isEqualTo(2);
    }
}
