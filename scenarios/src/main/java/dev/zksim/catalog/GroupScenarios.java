package dev.zksim.catalog;

import dev.zksim.testkit.Profiles;
import dev.zksim.check.Checker;
import dev.zksim.check.UnlessLost;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.testkit.MembershipUnderTest;
import dev.zksim.testkit.Testkit;
import java.util.ArrayList;
import java.util.List;

/** The double barrier, group membership, the rendezvous and the naming service. */
public final class GroupScenarios {
    /** How many partitions the partitioned membership scenarios share among their members. */
    private static final int PARTITIONS = 6;

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

    /** A participant whose give-up leaves its node behind lets the others in before all arrived. */
    public static Scenario hastyCancelBarrierCanary() {
        return Testkit.doubleBarrier("canary-double-barrier-hasty-cancel", RecipeBarriers.hastyCancelCanary())
                .title("Canary: a double barrier participant that gives an enter up without withdrawing its node")
                .participants(2, 4).giveUps(1, 1, Time.millis(5), Time.millis(50)).noFaults().build();
    }

    /**
     * A participant whose given-up leave keeps its node holds back whoever waits on that node:
     * a leave that never completes. Only a given-up leave exposes it; without leave give-ups
     * the same participant passes (DoubleBarrierScenariosTest shows both).
     */
    public static Scenario leaveNodeKeptBarrierCanary() {
        return Testkit.doubleBarrier("canary-double-barrier-leave-node-kept", RecipeBarriers.leaveNodeKeptCanary())
                .title("Canary: a double barrier participant that gives a leave up without deleting its node")
                .participants(2, 4).noGiveUps().leaveGiveUps(1, 2, Time.millis(5), Time.millis(100)).noFaults().build();
    }

    public static Scenario membership() {
        return Testkit.membership("membership", RecipeGroups.members())
                .title("Membership: members join, leave and rejoin, and every live member's view converges after the heal")
                .build();
    }

    /** Members that share partitions through claim nodes: never two owners, an owner for each after the heal. */
    public static Scenario partitionedMembership() {
        return partitioned("membership-partitions", RecipeGroups.partitioned(PARTITIONS),
                "Membership with partitions: no partition ever has two owners, each has one after the heal");
    }

    /** Members that own what their own view assigns them, without claiming: two owners while views differ. */
    public static Scenario viewAssignedPartitionsCanary() {
        return partitioned("canary-membership-view-assigned", RecipeGroups.viewAssignedCanary(PARTITIONS),
                "Canary: members that own the partitions their own view assigns them, without claiming them");
    }

    private static Scenario partitioned(String id, MembershipUnderTest.Factory members, String title) {
        return Testkit.membership(id, members).title(title).partitions(PARTITIONS)
                .goals(Goal.completedBy(OpKind.JOIN, 2, "two members joined"),
                        Goal.completedBy(OpKind.OWN, 2, "two members owned a partition"))
                .build();
    }

    /** A member that does not rejoin for real after a new session: caught only when a session expires. */
    /**
     * Members that rejoin on their own after a lost session but keep the view of the session
     * they lost, whose watches died with it. Only a workload that leaves the rejoin to the
     * member exposes it: when the caller joins again, its join restarts the view
     * (MembershipScenariosTest shows both).
     */
    public static Scenario rejoinKeepsViewCanary() {
        return Testkit.membership("canary-membership-rejoin-keeps-view", RecipeGroups.rejoinKeepsViewCanary(true))
                .title("Canary: a member that rejoins on its own after a lost session but keeps the view it had")
                .servers(1, 3).members(2, 4)
                .faults(1, 2, Time.seconds(2), List.of(FaultKind.EXPIRE_SESSION))
                .build();
    }

    public static Scenario staleRejoinCanary() {
        return Testkit.membership("canary-membership-stale-rejoin", RecipeGroups.staleRejoinCanary())
                .title("Canary: a member that thinks it is still joined after a new session is in no one else's view")
                .servers(1, 3).members(2, 4).cycles(0, 0)
                .faults(1, 2, Time.seconds(2), List.of(FaultKind.EXPIRE_SESSION))
                .build();
    }

    public static Scenario rendezvous() {
        return Testkit.rendezvous("rendezvous", RecipeRendezvous.RENDEZVOUS)
                .title("Rendezvous: each client proceeds exactly once, with the one address that landed, under random faults")
                .faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients())
                .goals(Goal.completed(OpKind.PUBLISH, "a worker published its address"),
                        Goal.completed(OpKind.RENDEZVOUS, "the client found a worker"))
                .build();
    }

    public static Scenario naming() {
        return Testkit.naming("naming", RecipeNaming.NAMES)
                .title("Naming: every allocated name is unique, under random faults")
                .faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients())
                .goals(Goal.completedBy(OpKind.ALLOCATE, 2, "two clients were given names"),
                        Goal.contended(OpKind.ALLOCATE, "two clients asked for names at once"))
                .build();
    }

    public static Scenario counter() {
        return Testkit.counter("counter", RecipeCounter.VERSIONED)
                .title("Counter: every completed increment counts exactly once, under random faults")
                .build();
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
        return all ? UnlessLost.all(processes, liveness) : UnlessLost.any(processes, liveness);
    }
}
