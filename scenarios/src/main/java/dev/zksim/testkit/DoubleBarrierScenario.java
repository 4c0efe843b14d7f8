package dev.zksim.testkit;

import dev.zksim.check.DoubleBarrierChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.DoubleBarrierWorkload;
import dev.zksim.workload.Workloads;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A double barrier under test: N participants each enter, compute for a while and leave,
 * once; after {@code Expired} a participant that had not left opens a new session and enters
 * again with the same object. In some seeds participants give an enter up ({@link #giveUps})
 * and enter again a little later; a withdrawn arrival must not let anyone in. In some seeds
 * participants give a leave up ({@link #leaveGiveUps}), as a timed leave does, and are done;
 * a participant that walked away must not hold the others back.
 *
 * <p>Checked, as safety: no one starts computing or leaves before all N arrived, and no one
 * leaves while another participant that entered is still computing (unless that one's
 * session died, which removes its node, or it gave its leave up, which says it finished); and
 * every enter and leave completes (or is given up) within a bound after the heal.
 */
public final class DoubleBarrierScenario extends ScenarioBuilder<DoubleBarrierScenario> {
    private final DoubleBarrierUnderTest.Factory factory;
    private int minParticipants = 2;
    private int maxParticipants = 5;
    private long computeMin = Time.millis(10);
    private long computeMax = Time.millis(1000);
    private Patience patience = new Patience(1, 3, Time.millis(50), Time.seconds(1));
    private Patience leavePatience = new Patience(1, 3, Time.millis(20), Time.millis(600));

    DoubleBarrierScenario(String id, DoubleBarrierUnderTest.Factory factory) {
        super(id, "Double barrier " + id + ": nobody computes before all arrive or leaves while another computes");
        this.factory = Objects.requireNonNull(factory, "factory");
        faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients());
    }

    /** How many participants a seed runs, inclusive range. */
    public DoubleBarrierScenario participants(int min, int max) {
        requireRange("participants", 1, min, max);
        this.minParticipants = min;
        this.maxParticipants = max;
        return this;
    }

    /** Each seed computes up to a time drawn from [min, max] microseconds. */
    public DoubleBarrierScenario compute(long min, long max) {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("compute: need 0 <= min <= max");
        }
        this.computeMin = min;
        this.computeMax = max;
        return this;
    }

    /**
     * In {@code numerator} of every {@code denominator} seeds, participants give an enter up
     * ({@link DoubleBarrierUnderTest#cancelEnter}) after waiting a time drawn from [min, max]
     * microseconds, and enter again after a pause of up to 0.3 s; by default a third of the
     * seeds, after 50 ms to 1 s (arrivals are spread over 0.3 s, so most give-ups hit a wait).
     */
    public DoubleBarrierScenario giveUps(int numerator, int denominator, long min, long max) {
        this.patience = new Patience(numerator, denominator, min, max);
        return this;
    }

    /** Participants never give an enter up. */
    public DoubleBarrierScenario noGiveUps() {
        this.patience = Patience.NEVER;
        return this;
    }

    /**
     * Each participant, with chance {@code numerator} in {@code denominator}, gives its leave
     * up ({@link DoubleBarrierUnderTest#cancelLeave}) after waiting a time drawn for it from
     * [min, max] microseconds, and is done with the round; by default one participant in
     * three, after 20 ms to 0.6 s (a leave waits for the slowest participant's computation, so
     * most give-ups hit a wait). The chance is per participant, not per seed, because a
     * participant that walks away and holds the others back shows only while some of them
     * still wait to leave.
     */
    public DoubleBarrierScenario leaveGiveUps(int numerator, int denominator, long min, long max) {
        this.leavePatience = new Patience(numerator, denominator, min, max);
        return this;
    }

    /** Participants never give a leave up. */
    public DoubleBarrierScenario noLeaveGiveUps() {
        this.leavePatience = Patience.NEVER;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.doubleBarrier(patience.some());
    }

    /**
     * Whether participants give an enter or a leave up, where the scope would otherwise run no
     * give-ups (both draw from the same give-ups knob).
     */
    @Override
    protected List<String> smallScopeKnobs() {
        return patience.offInSmallScope() || leavePatience.offInSmallScope() ? List.of(Patience.GIVE_UPS) : List.of();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int participants = knobs.intIn(minParticipants, maxParticipants);
        long compute = knobs.longIn(computeMin, computeMax);
        FaultProfile faults = faultsFor(swarm);
        // Drawn last, so the seeds' other knobs and faults stay what they were before give-ups.
        long giveUpAfter = patience.draw(knobs);
        // Drawn after that, so seeds keep the draws they had before leaves could be given up.
        long[] leaveGiveUpAfter = new long[participants];
        for (int i = 0; i < participants; i++) {
            leaveGiveUpAfter[i] = leavePatience.draw(knobs);
        }
        return trial(swarm, participants, compute, new Patiences(giveUpAfter, leaveGiveUpAfter), faults);
    }

    /**
     * A seed's patience to enter, and each participant's to leave, in microseconds (0: as long
     * as it takes).
     */
    private record Patiences(long enter, long[] leave) {
        String describeLeave() {
            return Arrays.stream(leave).mapToObj(Patience::describe).toList().toString();
        }
    }

    private Trial trial(SwarmKnobs swarm, int participants, long compute, Patiences patience, FaultProfile faults) {
        long giveUpAfter = patience.enter();
        long bound = Bounds.afterHeal(swarm, compute + Time.seconds(5));
        RecipeTrial.Installer installer = (ensemble, history) -> {
            for (int i = 0; i < participants; i++) {
                Workloads.add(ensemble,
                        new DoubleBarrierWorkload(factory, participants, compute, giveUpAfter, patience.leave()[i],
                                new ClientLog(history)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.of(new DoubleBarrierChecker(participants),
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ENTER, OpKind.LEAVE));
        List<String> described = List.of("participants: " + participants, "compute: up to " + Time.formatSeconds(compute),
                "patience: " + Patience.describe(giveUpAfter),
                "leave patience: " + patience.describeLeave(), "liveness bound: " + Time.formatSeconds(bound));
        return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, described);
    }
}
