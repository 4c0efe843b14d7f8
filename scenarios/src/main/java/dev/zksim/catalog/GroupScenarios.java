package dev.zksim.catalog;

import dev.zksim.testkit.CatalogScenario;
import dev.zksim.testkit.RecipeTrial;
import dev.zksim.testkit.Bounds;
import dev.zksim.testkit.Profiles;
import dev.zksim.testkit.SwarmKnobs;
import dev.zksim.check.CheckResult;
import dev.zksim.check.Checker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.RendezvousChecker;
import dev.zksim.check.UniqueNamesChecker;
import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Scenario;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.GroupScripts;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import dev.zksim.testkit.Testkit;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** The double barrier, group membership, the rendezvous and the naming service. */
public final class GroupScenarios {

    private GroupScenarios() {
    }

    public static Scenario doubleBarrier() {
        return Testkit.doubleBarrier("double-barrier", RecipeBarriers.doubleBarrier())
                .title("Double barrier: nobody computes before all arrive or leaves while another computes, under random faults")
                .build();
    }

    /** A participant that counts one too few goes in before the last one arrived. */
    public static Scenario oneShortBarrierCanary() {
        return Testkit.doubleBarrier("canary-double-barrier-one-short", RecipeBarriers.oneShortCanary())
                .title("Canary: a double barrier participant that counts one too few enters before all arrived")
                .participants(2, 4).noFaults().build();
    }

    public static Scenario membership() {
        return Testkit.membership("membership", RecipeGroups.members())
                .title("Membership: members join, leave and rejoin, and every live member's view converges after the heal")
                .build();
    }

    /** A member that does not rejoin for real after a new session: caught only when a session expires. */
    public static Scenario staleRejoinCanary() {
        return Testkit.membership("canary-membership-stale-rejoin", RecipeGroups.staleRejoinCanary())
                .title("Canary: a member that thinks it is still joined after a new session is in no one else's view")
                .servers(1, 3).members(2, 4).cycles(0, 0)
                .faults(1, 2, Time.seconds(2), List.of(FaultKind.EXPIRE_SESSION))
                .build();
    }

    public static Scenario rendezvous() {
        return new CatalogScenario("rendezvous",
                "Rendezvous: each client proceeds exactly once, with the one address that landed, under random faults",
                knobs -> {
                    SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3, 5));
                    int clients = knobs.intIn(1, 2);
                    int workers = knobs.intIn(1, 3);
                    long bound = Bounds.afterHeal(swarm, Time.seconds(5));
                    FaultProfile faults = Profiles.random(Profiles.withoutPausedClients(), 0, 3, Time.seconds(3));
                    List<String> workerIds = clientIds(clients + workers).subList(clients, clients + workers);
                    RecipeTrial.Installer installer = (ensemble, history) -> {
                        for (int i = 0; i < clients; i++) {
                            Workloads.add(ensemble, new ScriptClient(new ClientLog(history), GroupScripts.rendezvousClient()));
                        }
                        for (int i = 0; i < workers; i++) {
                            Workloads.add(ensemble, new ScriptClient(new ClientLog(history), GroupScripts.rendezvousWorker()));
                        }
                    };
                    // With every worker's session expired nobody is left to publish a new rendezvous.
                    RecipeTrial.Checks checks = (heal, end) -> List.of(new RendezvousChecker(),
                            new LivenessChecker(heal, bound, end).onlyKinds(OpKind.PUBLISH),
                            unlessLost(workerIds, true, new LivenessChecker(heal, bound, end).onlyKinds(OpKind.RENDEZVOUS)));
                    return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, List.of(
                            "clients: " + clients, "workers: " + workers,
                            "liveness bound: " + Time.format(bound) + " (rendezvous: unless every worker's session expired)"));
                });
    }

    public static Scenario naming() {
        return new CatalogScenario("naming", "Naming: every allocated name is unique, under random faults", knobs -> {
            SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3, 5));
            int clients = knobs.intIn(2, 5);
            int names = knobs.intIn(2, 8);
            long bound = Bounds.afterHeal(swarm, Time.seconds(5));
            FaultProfile faults = Profiles.random(Profiles.withoutPausedClients(), 0, 3, Time.seconds(3));
            RecipeTrial.Installer installer = (ensemble, history) -> {
                for (int i = 0; i < clients; i++) {
                    Workloads.add(ensemble, new ScriptClient(new ClientLog(history), GroupScripts.namer(names)));
                }
            };
            RecipeTrial.Checks checks = (heal, end) -> List.of(new UniqueNamesChecker(),
                    new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ALLOCATE));
            return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, List.of(
                    "clients: " + clients, "names each: " + names, "liveness bound: " + Time.format(bound)));
        });
    }

    /** Client ids in the order the installer adds them: c1, c2, ... */
    static List<String> clientIds(int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            ids.add("c" + i);
        }
        return ids;
    }

    /**
     * The liveness checker, judged only if the processes' sessions lived: unless any of them
     * lost its session ({@code all == false}), or unless all of them did ({@code all == true}).
     * The excuse is said in the checker's name.
     */
    static Checker unlessLost(List<String> processes, boolean all, Checker liveness) {
        return new Checker() {
            @Override
            public String name() {
                return liveness.name() + (all ? " unless all of " : " unless any of ") + processes + " lost its session";
            }

            @Override
            public CheckResult check(History history) {
                TreeSet<String> lost = new TreeSet<>();
                for (Op op : history) {
                    if (op.f().equals(OpKind.LOST) && processes.contains(op.process())) {
                        lost.add(op.process());
                    }
                }
                boolean excused = all ? lost.containsAll(processes) : !lost.isEmpty();
                return excused ? CheckResult.valid(name()) : liveness.check(history);
            }
        };
    }
}
