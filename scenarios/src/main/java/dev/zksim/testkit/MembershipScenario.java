package dev.zksim.testkit;

import dev.zksim.check.LivenessChecker;
import dev.zksim.check.Checker;
import dev.zksim.check.MembershipChecker;
import dev.zksim.check.PartitionChecker;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.MembershipWorkload;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A group membership under test. Every member joins under its client id and, for a number of
 * cycles, leaves after a while and joins again; after {@code Expired} it opens a new session
 * and joins again with the same member object. Each member's own view is recorded when it
 * changes and sampled periodically.
 *
 * <p>Checked: once the faults heal, the last view of every live member (its last membership
 * op a JOIN OK, not followed by a leave, LOST or a crash) was taken after the heal and equals
 * the set of live members; every join and leave completes within a bound after the heal, and
 * a member that wants in is in by then (a join that still fails after the bound fails the run:
 * the workload asks again every 300 ms, so only a join refused for good does).
 * With {@link #partitions}, also that no partition is ever owned by two members at once
 * (as safety, belief by belief, each ending with its session) and that every partition has a
 * live owner when the run ends.
 */
public final class MembershipScenario extends ScenarioBuilder<MembershipScenario> {
    private final MembershipUnderTest.Factory factory;
    private int minMembers = 2;
    private int maxMembers = 5;
    private int minCycles = 0;
    private int maxCycles = 2;
    private long sample = Time.millis(500);
    private int partitions;

    MembershipScenario(String id, MembershipUnderTest.Factory factory) {
        super(id, "Membership " + id + ": members join, leave and rejoin; every live member's view converges");
        this.factory = Objects.requireNonNull(factory, "factory");
        // Faults end at 3 s: members join and cycle within the first few seconds.
        faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients());
    }

    /** How many members a seed runs, inclusive range. */
    public MembershipScenario members(int min, int max) {
        requireRange("members", 1, min, max);
        this.minMembers = min;
        this.maxMembers = max;
        return this;
    }

    /** How many times each member leaves and joins again, inclusive range. */
    public MembershipScenario cycles(int min, int max) {
        requireRange("cycles", 0, min, max);
        this.minCycles = min;
        this.maxCycles = max;
        return this;
    }

    /** How often (microseconds) each member's view is recorded even when it does not change. */
    public MembershipScenario sample(long micros) {
        if (micros <= 0) {
            throw new IllegalArgumentException("sample: need a positive period");
        }
        this.sample = micros;
        return this;
    }

    /**
     * The members share this many partitions and report what they own
     * ({@link MembershipUnderTest.Events#owned}); the user's factory builds members for the
     * same count. Without it (0, the default) ownership is not checked.
     */
    public MembershipScenario partitions(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("partitions: need 0 or more, not " + count);
        }
        this.partitions = count;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.membership();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int members = knobs.intIn(minMembers, maxMembers);
        int cycles = knobs.intIn(minCycles, maxCycles);
        return trial(swarm, members, new MembershipWorkload.Plan(cycles, Time.millis(300), sample), faultsFor(swarm));
    }

    private Trial trial(SwarmKnobs swarm, int members, MembershipWorkload.Plan plan, FaultProfile faults) {
        long bound = Bounds.afterHeal(swarm, Time.seconds(5));
        RecipeTrial.Installer installer = (ensemble, history) -> {
            for (int i = 0; i < members; i++) {
                Workloads.add(ensemble, new MembershipWorkload(factory, plan, new ClientLog(history)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> {
            List<Checker> all = new ArrayList<>(List.of(new MembershipChecker(heal, bound),
                    new LivenessChecker(heal, bound, end).onlyKinds(OpKind.JOIN, OpKind.LEAVE_GROUP)));
            if (partitions > 0) {
                all.add(new PartitionChecker(partitions));
            }
            return all;
        };
        List<String> described = new ArrayList<>(List.of("members: " + members,
                "leave and rejoin cycles: " + plan.cycles(), "view sampled every: " + Time.formatSeconds(plan.sample()),
                "liveness bound: " + Time.formatSeconds(bound)));
        if (partitions > 0) {
            described.add("partitions: " + partitions);
        }
        return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, described);
    }
}
