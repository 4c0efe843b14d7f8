package dev.zksim.catalog;

import dev.zksim.testkit.CatalogScenario;
import dev.zksim.testkit.RecipeTrial;
import dev.zksim.testkit.Bounds;
import dev.zksim.testkit.Profiles;
import dev.zksim.testkit.SwarmKnobs;
import dev.zksim.check.BarrierChecker;
import dev.zksim.check.Checker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.scenario.Goal;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Scenario;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.CoordinationScripts;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import dev.zksim.testkit.Testkit;
import java.util.List;

/** The barrier, two-phase commit and dynamic configuration. */
public final class CoordinationScenarios {

    private CoordinationScenarios() {
    }

    public static Scenario barrier() {
        return new CatalogScenario("barrier", "Barrier: nobody passes before the coordinator lifts it, under random faults",
                knobs -> {
                    SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3, 5));
                    int waiters = knobs.intIn(2, 6);
                    long hold = Time.millis(knobs.intIn(200, 3000));
                    long bound = Bounds.afterHeal(swarm, Time.seconds(5));
                    FaultProfile faults = Profiles.random(Profiles.withoutPausedClients(), 0, 3, Time.seconds(3));
                    RecipeTrial.Installer installer = (ensemble, history) -> {
                        Workloads.add(ensemble, new ScriptClient(new ClientLog(history),
                                CoordinationScripts.barrierCoordinator(hold)));
                        for (int i = 0; i < waiters; i++) {
                            Workloads.add(ensemble, new ScriptClient(new ClientLog(history), CoordinationScripts.barrierWaiter()));
                        }
                    };
                    // The coordinator (c1) whose session expired can never lift: its process lives on with a dead
                    // handle, so the waiters are owed progress only while its session lives.
                    RecipeTrial.Checks checks = (heal, end) -> List.<Checker>of(new BarrierChecker(),
                            GroupScenarios.unlessLost(List.of("c1"), true,
                                    new LivenessChecker(heal, bound, end).onlyKinds(OpKind.LIFT, OpKind.ENTER)));
                    return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, List.of(
                            "waiters: " + waiters, "lift after: " + Time.format(hold), "liveness bound: " + Time.format(bound)));
                });
    }

    /** The coordinator and, in each seed, one of the two forms of a site. */
    public static Scenario twoPhaseCommit() {
        return Testkit.twoPhaseCommit("two-phase-commit", RecipeTwoPhase.COORDINATOR, RecipeTwoPhase.SITE)
                .siteVariant("watches every vote", RecipeTwoPhase.WATCHING_SITE)
                .title("Two-phase commit: every site learns one decision, commit only if all voted yes, under random faults")
                .faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients())
                .goals(Goal.completed(OpKind.VOTE, "a site voted"),
                        Goal.completedBy(OpKind.DECIDE, 2, "two sites learned the decision"))
                .build();
    }

    public static Scenario configuration() {
        return Testkit.configuration("configuration", RecipeConfigs.configs())
                .title("Configuration: readers never use a partial configuration while a writer republishes, under random faults")
                .build();
    }

    /** A reader that does not follow its new session: caught only when a reader's session expires. */
    public static Scenario startOnceCanary() {
        return Testkit.configuration("canary-config-start-once", RecipeConfigs.startOnceCanary())
                .title("Canary: a configuration reader that does not restart after a new session never converges")
                .servers(1, 3).readers(2, 4).versions(6, 8).gap(Time.millis(600))
                .faults(1, 2, Time.seconds(2), List.of(FaultKind.EXPIRE_SESSION))
                .build();
    }
}
