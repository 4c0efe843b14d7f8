package dev.zksim.explore;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.SplitMix64;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.nemesis.FaultPlanGenerator;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.nemesis.Nemesis;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Small-scope faults: at most K, each at an instant where something happens. At every such
 * instant (after each delivery, or once per instant for the dfs) from the start of the run
 * to the end of the scenario's fault window the explorer's guide is asked, in the stream
 * "explore/fault-now", whether a fault strikes (0 means no, so the fault-free run comes
 * first); if so, "explore/fault-kind" picks one of the scenario's fault kinds and the usual
 * plan generator, drawing from "explore/fault", picks its targets, with the profile's
 * shortest outage. The fault strikes 1 µs after the instant (so that the replayed plan,
 * scheduled up front, runs it at the same point among the events), and is recorded as a
 * step of the run's fixed plan.
 *
 * <p>The window's start is not waited for: it spreads a random plan's faults over a run,
 * while the small scope wants every instant where something happens, and in the smallest
 * configurations the recipe's work is often done before the window would open.
 */
final class FaultChoice {
    /** The stream that decides whether a fault strikes now. */
    static final String NOW = "explore/fault-now";
    /** The stream that picks the fault's kind. */
    static final String KIND = "explore/fault-kind";
    /** The stream the plan generator draws the fault's targets from. */
    static final String DETAIL = "explore/fault";

    private final Choices strikes;
    private final Choices kindPick;
    private final Choices targets;
    private final FaultProfile profile;
    private final int maxFaults;
    private final Ensemble ensemble;
    private final Consumer<String> sessionExpired;
    private final List<FaultKind> kinds;
    private final List<FaultPlan.Step> steps = new ArrayList<>();
    /** Each step's fault as a number, for {@link #pendingDigest}; from its text, which is stable across JVMs. */
    private final List<Long> stepDigests = new ArrayList<>();
    private final boolean oncePerInstant;
    private int spent;
    /** The instant of the last offer, -1 before the first. */
    private long lastOffer = -1;

    FaultChoice(Choices explore, FaultProfile profile, int maxFaults, Ensemble ensemble, Consumer<String> sessionExpired,
                boolean oncePerInstant) {
        // Looked up once: a run offers a fault at every delivery.
        this.strikes = explore.stream("fault-now");
        this.kindPick = explore.stream("fault-kind");
        this.targets = explore.stream("fault");
        this.profile = profile;
        this.maxFaults = Math.min(maxFaults, profile.maxFaults());
        this.ensemble = ensemble;
        this.sessionExpired = sessionExpired;
        this.oncePerInstant = oncePerInstant;
        this.kinds = usable(profile.kinds(), ensemble.serverIds().size(), ensemble.clientIds().size());
    }

    /**
     * Something happened now: offer the guide a fault, if any is left and the window is open
     * (and, offering once per instant, if none was offered at this instant yet).
     */
    void offer() {
        long now = ensemble.simulation().now();
        if (spent >= maxFaults || kinds.isEmpty() || now >= profile.windowEnd() || (oncePerInstant && now == lastOffer)) {
            return;
        }
        lastOffer = now;
        if (strikes.draw(2) == 0) {
            return;
        }
        FaultKind kind = kinds.get((int) kindPick.draw(kinds.size()));
        long at = now + 1;
        FaultProfile single = new FaultProfile(List.of(kind), 1, 1, at, at, profile.minOutage(), profile.minOutage(),
                profile.aimAt(), profile.maxNth());
        FaultPlan plan = FaultPlanGenerator.generate(targets, single, ensemble.serverIds(),
                ensemble.clientIds());
        Nemesis.schedule(plan, ensemble, sessionExpired);
        for (FaultPlan.Step step : plan.steps()) {
            steps.add(step);
            stepDigests.add((long) step.fault().toString().hashCode());
        }
        spent++;
    }

    /**
     * The digest of the steps decided but not yet struck, each by its fault and its time
     * relative to now. A scheduled strike is a pending event that the kernel's pending digest
     * knows by its time only, so without this, expiring one client 1 µs from now and expiring
     * another would be the same state, and the depth-first search would prune every target
     * but the first. A step due exactly now counts as pending whether or not it has struck in
     * this instant yet: that only tells a few states apart that are equal.
     */
    long pendingDigest(long now) {
        long digest = 0;
        for (int i = 0; i < steps.size(); i++) {
            long at = steps.get(i).at();
            if (at >= now) {
                digest = SplitMix64.mix(SplitMix64.mix(digest * 31 + at - now) + stepDigests.get(i));
            }
        }
        return digest;
    }

    int spent() {
        return spent;
    }

    FaultPlan plan() {
        return new FaultPlan(steps);
    }

    /** The kinds that make sense for this ensemble, as the plan generator judges them. */
    private static List<FaultKind> usable(List<FaultKind> kinds, int servers, int clients) {
        List<FaultKind> usable = new ArrayList<>();
        for (FaultKind kind : kinds) {
            boolean needsClient = kind == FaultKind.CRASH_CLIENT || kind == FaultKind.PAUSE_CLIENT
                    || kind == FaultKind.EXPIRE_SESSION || kind == FaultKind.DROP_REPLY
                    || kind == FaultKind.DELAYED_CLOSE || kind == FaultKind.SPURIOUS_WAKEUP;
            boolean needsQuorum = kind == FaultKind.LAG_FOLLOWER || kind == FaultKind.ONE_WAY_PARTITION
                    || kind == FaultKind.DISK_ERROR;
            if ((!needsClient || clients > 0) && (!needsQuorum || servers > 1)) {
                usable.add(kind);
            }
        }
        return usable;
    }
}
