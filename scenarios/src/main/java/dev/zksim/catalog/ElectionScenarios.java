package dev.zksim.catalog;

import dev.zksim.check.Checker;
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
import dev.zksim.workload.ElectionScripts;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.WatchTap;
import dev.zksim.workload.Workloads;
import java.util.List;

/** Leader election, and the seed article's election as a herd canary. */
public final class ElectionScenarios {

    private ElectionScenarios() {
    }

    public static Scenario election() {
        return election("election", "Election: candidates take turns leading under random faults",
                ElectionScripts.RECIPE, 3);
    }

    public static Scenario seedArticleCanary() {
        return election("canary-seed-article-election-herd",
                "Canary: the seed article's election wakes every follower when the leader goes",
                ElectionScripts.SEED_ARTICLE, 0);
    }

    private static Scenario election(String id, String title, ElectionScripts.Kind kind, int maxFaults) {
        return new CatalogScenario(id, title, knobs -> {
            SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3, 5));
            int candidates = knobs.intIn(maxFaults == 0 ? 4 : 2, 6);
            int terms = knobs.intIn(1, 3);
            long term = Time.millis(knobs.intIn(50, 500));
            long bound = Bounds.afterHeal(swarm, Time.seconds(5));
            FaultProfile faults = Profiles.random(Profiles.withoutPausedClients(), 0, maxFaults, Time.seconds(4));
            RecipeTrial.Installer installer = (ensemble, history) -> {
                for (int i = 0; i < candidates; i++) {
                    Workloads.add(ensemble, new ScriptClient(new ClientLog(history),
                            ElectionScripts.candidate(kind, terms, term)));
                }
            };
            RecipeTrial.Checks checks = (heal, end) -> List.<Checker>of(ExclusionChecker.leaders(),
                    WakeUps.checker(HerdChecker.herdFree(), WatchTap.WOKEN, List.of(OpKind.ELECTED)),
                    // A candidate whose session expired has a dead handle for good (its process lives on), so a
                    // leader after the heal is owed only while some candidate's session lives.
                    GroupScenarios.unlessLost(GroupScenarios.clientIds(candidates), true,
                            new LeaderAfterHealChecker(heal, bound, end)),
                    new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ABDICATED));
            return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, List.of(
                    "candidates: " + candidates, "terms each: " + terms, "term: " + Time.format(term),
                    "liveness bound: " + Time.format(bound)));
        });
    }
}
