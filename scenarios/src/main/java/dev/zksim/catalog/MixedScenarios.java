package dev.zksim.catalog;

import dev.zksim.testkit.CatalogScenario;
import dev.zksim.testkit.RecipeTrial;
import dev.zksim.testkit.Bounds;
import dev.zksim.testkit.Profiles;
import dev.zksim.testkit.SwarmKnobs;
import dev.zksim.check.Checker;
import dev.zksim.check.ConfigurationChecker;
import dev.zksim.check.ExclusionChecker;
import dev.zksim.check.HerdChecker;
import dev.zksim.check.LeaderAfterHealChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.WakeUps;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Scenario;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.CoordinationScripts;
import dev.zksim.workload.MixedScripts;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.WatchTap;
import dev.zksim.workload.Workloads;
import java.util.List;

/** Scenarios that combine recipes the way applications do. */
public final class MixedScenarios {

    private MixedScenarios() {
    }

    public static Scenario leaderPublishesConfig() {
        return new CatalogScenario("mixed-leader-config",
                "Mixed: the elected leader publishes configuration while readers follow", knobs -> {
                    SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3, 5));
                    int candidates = knobs.intIn(2, 4);
                    int readers = knobs.intIn(1, 3);
                    int terms = knobs.intIn(1, 3);
                    int versions = knobs.intIn(1, 4);
                    long bound = Bounds.afterHeal(swarm, Time.seconds(5));
                    FaultProfile faults = Profiles.random(Profiles.withoutPausedClients(), 0, 3, Time.seconds(4));
                    RecipeTrial.Installer installer = (ensemble, history) -> {
                        for (int i = 0; i < candidates; i++) {
                            Workloads.add(ensemble, new ScriptClient(new ClientLog(history),
                                    MixedScripts.configLeader(terms, versions)));
                        }
                        for (int i = 0; i < readers; i++) {
                            Workloads.add(ensemble, new ScriptClient(new ClientLog(history), CoordinationScripts.configReader()));
                        }
                    };
                    // No herd check: every reader watches the ready node, so one publication rightly wakes them all.
                    // A candidate whose session expired has a dead handle for good (its process lives on), so a
                    // leader after the heal is owed only while some candidate's session lives.
                    List<String> ids = GroupScenarios.clientIds(candidates);
                    RecipeTrial.Checks checks = (heal, end) -> List.<Checker>of(ExclusionChecker.leaders(),
                            ConfigurationChecker.withoutInitialConfig(),
                            GroupScenarios.unlessLost(ids, true, new LeaderAfterHealChecker(heal, bound, end)),
                            new LivenessChecker(heal, bound, end).onlyKinds(OpKind.CONFIG_WRITE, OpKind.ABDICATED));
                    return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, List.of(
                            "candidates: " + candidates, "readers: " + readers, "terms each: " + terms,
                            "versions per term: " + versions,
                            "liveness bound: " + Time.format(bound) + " (a leader: unless every candidate's session expired)"));
                });
    }

    public static Scenario lockHoldersEnqueue() {
        return new CatalogScenario("mixed-lock-queue", "Mixed: lock holders enqueue work that consumers drain", knobs -> {
            SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3, 5));
            int producers = knobs.intIn(2, 5);
            int consumers = knobs.intIn(1, 2);
            int rounds = knobs.intIn(2, 6);
            long bound = Bounds.afterHeal(swarm, producers * Time.millis(300) + Time.seconds(5));
            FaultProfile faults = Profiles.random(Profiles.withoutPausedClients(), 0, 3, Time.seconds(3));
            RecipeTrial.Installer installer = (ensemble, history) -> {
                for (int i = 0; i < producers; i++) {
                    Workloads.add(ensemble, new ScriptClient(new ClientLog(history), MixedScripts.lockedProducer(rounds)));
                }
                for (int i = 0; i < consumers; i++) {
                    Workloads.add(ensemble, new ScriptClient(new ClientLog(history), MixedScripts.workConsumer()));
                }
            };
            RecipeTrial.Checks checks = (heal, end) -> List.<Checker>of(ExclusionChecker.locks(),
                    WakeUps.checker(HerdChecker.herdFree(), WatchTap.WOKEN, List.of(OpKind.ACQUIRE)),
                    QueueScenarios.drainedUnlessConsumersGone(),
                    new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.ENQUEUE));
            return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, List.of(
                    "producers: " + producers, "consumers: " + consumers, "rounds each: " + rounds,
                    "liveness bound: " + Time.format(bound)));
        });
    }
}
