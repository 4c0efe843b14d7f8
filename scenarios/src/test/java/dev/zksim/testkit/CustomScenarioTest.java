package dev.zksim.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.check.LivenessChecker;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.workload.ScriptClient;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The custom builder's per-seed plans, end checks, fixed ensemble and goals. */
class CustomScenarioTest {
    private static final OpKind PING = OpKind.of("PING");

    /** Records one PING, answered by an exists on the root. */
    private static ScriptClient.Script ping() {
        return session -> session.record(PING, Value.NONE, session.zk().exists("/", false), stat -> Value.NONE, ok -> { });
    }

    private static RunOutcome run(Scenario scenario, long seed) {
        return new ScenarioRunner(new ScenarioCatalog("custom-test").add(scenario)).run(RunSpec.of(scenario.id(), seed));
    }

    @Test
    void aPerSeedPlanDecidesTheClientsAndItsNotesArePrinted() {
        Scenario scenario = Testkit.custom("pings").servers(1).noFaults().settle(Time.seconds(1))
                .perSeed((knobs, run) -> {
                    int clients = knobs.intIn(1, 4);
                    run.clients(clients, CustomScenarioTest::ping).note("pingers: " + clients);
                })
                .build();
        for (long seed = 1; seed <= 4; seed++) {
            RunOutcome outcome = run(scenario, seed);
            String note = outcome.knobs().stream().filter(line -> line.startsWith("pingers: ")).findFirst().orElseThrow();
            long pings = outcome.history().ops().stream().filter(op -> op.f().equals(PING) && op.isOk()).count();
            assertThat(pings).as("seed %d", seed).isEqualTo(Long.parseLong(note.substring("pingers: ".length())));
            assertThat(outcome.failed()).isFalse();
        }
    }

    @Test
    void aPerSeedCheckerAndBoundJudgeTheRun() {
        // The client never answers its WAIT, so the liveness bound the plan computed must fail the run.
        OpKind wait = OpKind.of("WAIT");
        Scenario scenario = Testkit.custom("stuck-wait").servers(1).noFaults()
                .perSeed((knobs, run) -> {
                    long bound = run.afterHeal(Time.seconds(1));
                    assertThat(bound).isEqualTo(run.ensemble().quorumRecoveryBound()
                            + 2 * Time.millis(run.ensemble().sessionTimeoutMs()) + Time.seconds(1));
                    run.client(() -> session -> session.record(wait, Value.NONE, new CompletableFuture<Void>(),
                                    ok -> Value.NONE, ok -> { }))
                            .check((heal, end) -> new LivenessChecker(heal, bound, end).onlyKinds(wait))
                            .settle(bound + Time.seconds(1));
                })
                .build();
        assertThat(run(scenario, 1).failureKind()).contains(FailureKind.LIVENESS_TIMEOUT);
    }

    @Test
    void anEndCheckOfTheEnsembleCanFailTheRun() {
        Scenario scenario = Testkit.custom("end-check").servers(1).noFaults().settle(Time.seconds(1))
                .clients(1, CustomScenarioTest::ping)
                .verifyEnd(ensemble -> {
                    if (ensemble.leader().isPresent()) {
                        throw SimulationFailure.liveness(ensemble.simulation().now(), "a leader, as expected by this test");
                    }
                })
                .build();
        RunOutcome outcome = run(scenario, 1);
        assertThat(outcome.failure()).hasValueSatisfying(failure ->
                assertThat(failure.getMessage()).contains("a leader, as expected by this test"));
    }

    @Test
    void aFixedEnsembleDrawsNoSwarmKnobs() {
        EnsembleConfig config = EnsembleConfig.defaults(1).withNetworkDelay(new Distribution.Uniform(100, Time.millis(1)));
        Scenario scenario = Testkit.custom("fixed").ensemble(new SwarmKnobs(config, "lan")).noFaults()
                .settle(Time.seconds(1)).clients(2, CustomScenarioTest::ping).build();
        for (long seed = 1; seed <= 3; seed++) {
            RunOutcome outcome = run(scenario, seed);
            assertThat(outcome.knobs()).contains("servers: 1", "network: lan", "clients: 2");
            assertThat(outcome.choices().labels()).doesNotContain("knobs");
        }
    }

    /** A user's goals come after the shape's standard ones and before the ensemble's; onlyGoals keeps the user's alone. */
    @Test
    void goalsDeclaredOnTheBuilderStayWithTheScenario() {
        Goal pinged = Goal.completed(PING, "a client pinged");
        Scenario scenario = Testkit.custom("with-goals").clients(1, CustomScenarioTest::ping).goals(pinged).build();
        assertThat(scenario).isInstanceOf(BuiltScenario.class);
        assertThat(scenario.goals()).extracting(Goal::name).containsExactly("two clients had operations in flight at once",
                "a client pinged", "a client was disconnected", "a session expired");
        assertThat(scenario.withGoals(java.util.List.of())).isInstanceOf(BuiltScenario.class);
        Scenario alone = Testkit.custom("only-mine").clients(1, CustomScenarioTest::ping).onlyGoals(pinged).build();
        assertThat(alone.goals()).containsExactly(pinged);
    }

    @Test
    void aScenarioWithoutClientsIsRefusedWhenASeedIsPrepared() {
        Scenario scenario = Testkit.custom("empty").perSeed((knobs, run) -> run.note("nothing")).build();
        assertThatThrownBy(() -> scenario.prepare(new dev.zksim.kernel.choice.SeededChoices(1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs clients");
    }

    /** One op that makes a container, gives it a child and takes the child away again. */
    private static ScriptClient.Script emptiedContainer() {
        return session -> session.record(PING, Value.NONE,
                session.zk().create("/c", null, dev.zksim.api.CreateMode.CONTAINER)
                        .thenCompose(path -> session.zk().create("/c/x", null, dev.zksim.api.CreateMode.PERSISTENT))
                        .thenCompose(path -> session.zk().delete("/c/x", -1)),
                done -> Value.NONE, ok -> { });
    }

    private static boolean containerLeft(int checkIntervalMs) {
        boolean[] left = new boolean[1];
        CustomScenario builder = Testkit.custom("containers").servers(1).noFaults().settle(Time.seconds(3))
                .clients(1, CustomScenarioTest::emptiedContainer)
                .verifyEnd(ensemble -> left[0] = ensemble.server("s1").orElseThrow().database().tree().exists("/c"));
        if (checkIntervalMs > 0) {
            builder.containerCheckInterval(checkIntervalMs);
        }
        assertThat(run(builder.build(), 1).failed()).isFalse();
        return left[0];
    }

    @Test
    void aShortContainerCheckIntervalLetsTheRunSeeAnEmptiedContainerGo() {
        assertThat(containerLeft(500)).isFalse();
        assertThat(containerLeft(0)).as("the default interval is a minute").isTrue();
        assertThatThrownBy(() -> Testkit.custom("bad").containerCheckInterval(0))
            .isInstanceOf(IllegalArgumentException.class);
    }
}
