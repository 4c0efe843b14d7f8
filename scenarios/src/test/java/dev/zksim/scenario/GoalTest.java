package dev.zksim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.history.History;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import dev.zksim.kernel.trace.TraceEvent;
import dev.zksim.kernel.trace.TraceRecord;
import java.util.List;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GoalTest {

    private static Goal.Evidence evidence(History history) {
        return new Goal.Evidence(history, Map.of());
    }

    private static History history(Object... steps) {
        History history = new History();
        long time = 0;
        for (int i = 0; i < steps.length; i += 3) {
            history.append((String) steps[i], (OpType) steps[i + 1], (OpKind) steps[i + 2], Value.NONE, time++, "");
        }
        return history;
    }

    @Test
    void contentionNeedsTwoProcessesInFlightAtOnce() {
        Goal contended = Goal.contended(OpKind.ACQUIRE, "contended");
        History turns = history("c1", OpType.INVOKE, OpKind.ACQUIRE, "c1", OpType.OK, OpKind.ACQUIRE,
                "c2", OpType.INVOKE, OpKind.ACQUIRE, "c2", OpType.OK, OpKind.ACQUIRE);
        History overlapping = history("c1", OpType.INVOKE, OpKind.ACQUIRE, "c2", OpType.INVOKE, OpKind.ACQUIRE,
                "c1", OpType.OK, OpKind.ACQUIRE);
        assertThat(contended.reached().test(evidence(turns))).isFalse();
        assertThat(contended.reached().test(evidence(overlapping))).isTrue();
    }

    @Test
    void aNoticeCountsOnlyWhileHolding() {
        Goal lostWhileHolding = Goal.noticeWhileHolding(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.LOST, "lost");
        History afterRelease = history("c1", OpType.OK, OpKind.ACQUIRE, "c1", OpType.INVOKE, OpKind.RELEASE,
                "c1", OpType.INFO, OpKind.LOST);
        History holding = history("c1", OpType.OK, OpKind.ACQUIRE, "c1", OpType.INFO, OpKind.LOST);
        History anotherProcess = history("c1", OpType.OK, OpKind.ACQUIRE, "c2", OpType.INFO, OpKind.LOST);
        assertThat(lostWhileHolding.reached().test(evidence(afterRelease))).isFalse();
        assertThat(lostWhileHolding.reached().test(evidence(holding))).isTrue();
        assertThat(lostWhileHolding.reached().test(evidence(anotherProcess))).isFalse();
    }

    @Test
    void completedByCountsDistinctProcessesWithAnOkOp() {
        Goal lockPassed = Goal.completedBy(OpKind.ACQUIRE, 2, "two");
        History oneClientTwice = history("c1", OpType.OK, OpKind.ACQUIRE, "c1", OpType.OK, OpKind.ACQUIRE,
                "c2", OpType.FAIL, OpKind.ACQUIRE, "c2", OpType.OK, OpKind.RELEASE);
        History twoClients = history("c1", OpType.OK, OpKind.ACQUIRE, "c1", OpType.OK, OpKind.ACQUIRE,
                "c2", OpType.OK, OpKind.ACQUIRE);
        assertThat(lockPassed.reached().test(evidence(oneClientTwice))).isFalse();
        assertThat(lockPassed.reached().test(evidence(twoClients))).isTrue();
        assertThat(Goal.completedBy(OpKind.ACQUIRE, 0, "none").reached().test(evidence(new History()))).isTrue();
    }

    private record Ping(int n) implements TraceEvent {
    }

    private record Pong() implements TraceEvent {
    }

    @Test
    void theTraceCounterCountsEachEventClassByItsKindName() {
        TraceCounter counter = new TraceCounter();
        assertThat(counter.counts()).isEmpty();
        for (int i = 0; i < 5; i++) {
            counter.accept(new TraceRecord(i, i, "c1", i % 2 == 0 ? new Ping(i) : new Pong()));
        }
        assertThat(counter.counts()).containsExactly(Map.entry("GoalTest.Ping", 3), Map.entry("GoalTest.Pong", 2));
        TraceCounter another = new TraceCounter();
        another.accept(new TraceRecord(0, 0, "s1", new Pong()));
        assertThat(another.counts()).containsExactly(Map.entry("GoalTest.Pong", 1));
    }

    @Test
    void traceGoalsCountEventKinds() {
        Goal twoLeaders = Goal.traced("ZabEvent.Elected", 2, "two leaders");
        assertThat(twoLeaders.reached().test(new Goal.Evidence(new History(), Map.of("ZabEvent.Elected", 1)))).isFalse();
        assertThat(twoLeaders.reached().test(new Goal.Evidence(new History(), Map.of("ZabEvent.Elected", 2)))).isTrue();
    }

    @Test
    void everyBuiltInScenarioDeclaresAtLeastTwoGoalsOfItsOwn() {
        List<Scenario> all = Catalog.standard().all();
        // The goals every scenario shares (the ensemble's own: a disconnection, an expiry) say
        // nothing about a recipe; each scenario needs two more that do.
        Set<String> shared = new LinkedHashSet<>(all.get(0).goals().stream().map(Goal::name).toList());
        all.forEach(scenario -> shared.retainAll(scenario.goals().stream().map(Goal::name).toList()));
        List<String> lacking = new ArrayList<>();
        for (Scenario scenario : all) {
            assertThat(scenario.goals().stream().map(Goal::name).distinct().count()).as(scenario.id() + " names")
                    .isEqualTo(scenario.goals().size());
            long own = scenario.goals().stream().map(Goal::name).filter(name -> !shared.contains(name)).count();
            if (own < 2) {
                lacking.add(scenario.id() + " (" + own + ")");
            }
        }
        assertThat(shared).hasSizeLessThanOrEqualTo(2);
        assertThat(lacking).as("scenarios with fewer than two goals of their own (declare them in CatalogGoals)").isEmpty();
    }

    @Test
    void aRunReachesSomeGoalsOfItsScenario() {
        ScenarioRunner runner = new ScenarioRunner(Catalog.standard());
        TraceCounter counter = new TraceCounter();
        RunOutcome outcome = runner.run(RunSpec.of("lock-basic", 3), counter);
        List<String> reached = Goal.reachedBy(Catalog.standard().find("lock-basic").goals(),
                new Goal.Evidence(outcome.history(), counter.counts()));
        assertThat(reached).contains("two clients wanted the lock at once", "the lock passed from one client to another");
        assertThat(outcome.goalsReached()).as("the outcome carries the same goals").isEqualTo(reached);
        assertThat(counter.counts()).containsKey("ClientEvent.Connected");
    }
}
