package dev.zksim.catalog;

import dev.zksim.check.ConfigurationChecker;
import dev.zksim.check.ExclusionChecker;
import dev.zksim.check.HerdChecker;
import dev.zksim.check.LeaderAfterHealChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.WakeUps;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.testkit.ConfigUnderTest;
import dev.zksim.testkit.CustomScenario;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.Profiles;
import dev.zksim.testkit.Testkit;
import dev.zksim.workload.MixedScripts;
import dev.zksim.workload.WatchTap;
import java.util.ArrayList;
import java.util.List;

/** Scenarios that combine recipes the way applications do. */
public final class MixedScenarios {
    /** zksim's watched configuration, as the testkit takes it. */
    private static final ConfigUnderTest.Factory CONFIGS = RecipeConfigs.configs();
    /** zksim's herd-free lock on the work lock's node, as the testkit takes it. */
    private static final LockUnderTest.Factory WORK_LOCK = RecipeLocks.of((zk, states, guid, listener) ->
            new ExclusiveLock(zk, states, "/worklock", guid, listener));

    private MixedScenarios() {
    }

    public static Scenario leaderPublishesConfig() {
        return Testkit.custom("mixed-leader-config")
                .title("Mixed: the elected leader publishes configuration while readers follow")
                .faults(0, 3, Time.seconds(4), Profiles.withoutPausedClients())
                .goals(CatalogGoals.election().toArray(Goal[]::new))
                .perSeed(MixedScenarios::leaderPublishesConfigRun)
                .build();
    }

    /** 2 to 4 candidates that publish while they lead, then 1 to 3 configuration readers. */
    private static void leaderPublishesConfigRun(Choices knobs, CustomScenario.Run run) {
        int candidates = knobs.intIn(2, 4);
        int readers = knobs.intIn(1, 3);
        int terms = knobs.intIn(1, 3);
        int versions = knobs.intIn(1, 4);
        long bound = run.afterHeal(Time.seconds(5));
        // No herd check: every reader watches the ready node, so one publication rightly wakes them all.
        // A candidate whose session expired has a dead handle for good (its process lives on), so a
        // leader after the heal is owed only while some candidate's session lives.
        List<String> ids = GroupScenarios.clientIds(candidates);
        run.clients(candidates, () -> MixedScripts.configLeader(ElectionScenarios.RECIPE, CONFIGS, terms, versions))
                .clients(readers, () -> MixedScripts.configReader(CONFIGS))
                .check((heal, end) -> ExclusionChecker.leaders())
                .check((heal, end) -> ConfigurationChecker.withoutInitialConfig())
                .check((heal, end) -> GroupScenarios.unlessLost(ids, true, new LeaderAfterHealChecker(heal, bound, end)))
                .check((heal, end) -> new LivenessChecker(heal, bound, end).onlyKinds(OpKind.CONFIG_WRITE, OpKind.ABDICATED))
                .settle(bound + Time.seconds(5))
                .note("candidates: " + candidates).note("readers: " + readers).note("terms each: " + terms)
                .note("versions per term: " + versions)
                .note("liveness bound: " + Time.formatSeconds(bound) + " (a leader: unless every candidate's session expired)");
    }

    public static Scenario lockHoldersEnqueue() {
        List<Goal> goals = new ArrayList<>(CatalogGoals.lock());
        goals.addAll(CatalogGoals.queue());
        return Testkit.custom("mixed-lock-queue").title("Mixed: lock holders enqueue work that consumers drain")
                .faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients())
                .goals(goals.toArray(Goal[]::new))
                .perSeed(MixedScenarios::lockHoldersEnqueueRun)
                .build();
    }

    /** 2 to 5 producers that enqueue while holding the work lock, then 1 or 2 consumers. */
    private static void lockHoldersEnqueueRun(Choices knobs, CustomScenario.Run run) {
        int producers = knobs.intIn(2, 5);
        int consumers = knobs.intIn(1, 2);
        int rounds = knobs.intIn(2, 6);
        long bound = run.afterHeal(producers * Time.millis(300) + Time.seconds(5));
        run.clients(producers, () -> MixedScripts.lockedProducer(WORK_LOCK, rounds))
                .clients(consumers, MixedScripts::workConsumer)
                .check((heal, end) -> ExclusionChecker.locks())
                .check((heal, end) -> WakeUps.checker(HerdChecker.herdFree(), WatchTap.WOKEN, List.of(OpKind.ACQUIRE)))
                .check((heal, end) -> QueueScenarios.drainedUnlessConsumersGone())
                .check((heal, end) -> new LivenessChecker(heal, bound, end)
                        .onlyKinds(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.ENQUEUE))
                .settle(bound + Time.seconds(5))
                .note("producers: " + producers).note("consumers: " + consumers).note("rounds each: " + rounds)
                .note("liveness bound: " + Time.formatSeconds(bound));
    }
}
