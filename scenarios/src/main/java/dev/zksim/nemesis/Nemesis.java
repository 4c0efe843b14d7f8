package dev.zksim.nemesis;

import dev.zksim.client.RequestMatch;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleFaults;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Carries out a fault plan on an ensemble: each step is scheduled at its time and its
 * targets are resolved when it fires ("leader" is whoever leads then). A fault whose target
 * does not exist at that moment (no leader during an election) is recorded as skipped in
 * the trace rather than failing the run: that is a property of the run, not an error.
 */
public final class Nemesis {
    private final Ensemble ensemble;
    private final EnsembleFaults faults;
    private final Consumer<String> sessionExpired;

    private Nemesis(Ensemble ensemble, Consumer<String> sessionExpired) {
        this.ensemble = ensemble;
        this.faults = ensemble.faults();
        this.sessionExpired = sessionExpired;
    }

    /** Schedules every step of the plan on the ensemble's simulation. */
    public static void schedule(FaultPlan plan, Ensemble ensemble) {
        schedule(plan, ensemble, client -> { });
    }

    /**
     * Like {@link #schedule(FaultPlan, Ensemble)}, and tells the listener, at the instant it
     * happens, whose session an expire step actually expired: the client itself learns of it
     * only when its connection closes, and histories must not blame it for the gap.
     */
    public static void schedule(FaultPlan plan, Ensemble ensemble, Consumer<String> sessionExpired) {
        plan.validate(ensemble.serverIds(), ensemble.clientIds());
        Nemesis nemesis = new Nemesis(ensemble, sessionExpired);
        long now = ensemble.simulation().now();
        for (FaultPlan.Step step : plan.steps()) {
            ensemble.simulation().scheduleAt(Math.max(now, step.at()), () -> nemesis.strike(step.fault()));
        }
    }

    private void strike(Fault fault) {
        switch (fault) {
            case Fault.Crash crash -> resolve(crash.target()).ifPresent(id -> crashFor(id, crash.restartAfter()));
            case Fault.Restart restart -> resolve(restart.target()).ifPresent(faults::restart);
            case Fault.Pause pause -> resolve(pause.target()).ifPresent(id -> pauseFor(id, pause.resumeAfter()));
            case Fault.Resume resume -> resolve(resume.target()).ifPresent(faults::resume);
            case Fault.Partition partition -> faults.partition(partition.groups().stream().map(this::resolveAll).toList());
            case Fault.OneWayPartition oneWay -> faults.partitionOneWay(resolveAll(oneWay.from()), resolveAll(oneWay.to()));
            case Fault.Isolate isolate -> resolve(isolate.target()).ifPresent(faults::isolate);
            case Fault.Heal heal -> faults.heal();
            case Fault.Expire expire -> resolve(expire.client()).ifPresent(this::expire);
            case Fault.SpuriousWakeup wakeup -> resolve(wakeup.client()).ifPresent(faults::spuriousWakeup);
            case Fault.DelayClose delay -> resolve(delay.client()).ifPresent(id -> faults.delayClose(id, delay.delay()));
            case Fault.DropReply drop -> resolve(drop.client()).ifPresent(id -> dropReply(id, drop.aim()));
            case Fault.LoseRequest lose -> resolve(lose.client()).ifPresent(id -> faults.loseRequest(id, lose.aim()));
            case Fault.Lag lag -> resolve(lag.server()).ifPresent(id -> faults.lag(id, lag.duration()));
            case Fault.Clog clog -> clog(clog);
            case Fault.RequestLoss loss -> faults.requestLoss(loss.perMillion());
            case Fault.DiskError error -> resolve(error.server()).ifPresent(id -> diskErrorFor(id, error.duration()));
        }
    }

    private void expire(String client) {
        if (faults.expireSession(client)) {
            sessionExpired.accept(client);
        }
    }

    /**
     * An unaimed drop-reply arms the server's end of the current connection, as it always
     * has (so existing plans replay unchanged); an aimed one waits in the client for a
     * matching request.
     */
    private void dropReply(String client, RequestMatch aim) {
        if (aim.equals(RequestMatch.ANY)) {
            faults.dropReply(client);
        } else {
            faults.dropReply(client, aim);
        }
    }

    private void crashFor(String id, long restartAfter) {
        faults.crash(id);
        if (restartAfter > 0) {
            ensemble.simulation().schedule(restartAfter, () -> faults.restart(id));
        }
    }

    private void diskErrorFor(String id, long duration) {
        faults.diskError(id);
        if (duration > 0) {
            ensemble.simulation().schedule(duration, () -> faults.diskRecovered(id));
        }
    }

    private void pauseFor(String id, long resumeAfter) {
        faults.pause(id);
        if (resumeAfter > 0) {
            ensemble.simulation().schedule(resumeAfter, () -> faults.resume(id));
        }
    }

    private void clog(Fault.Clog clog) {
        Optional<String> a = resolve(clog.a());
        Optional<String> b = resolve(clog.b());
        if (a.isPresent() && b.isPresent()) {
            faults.clog(a.get(), b.get(), clog.extraDelay(), clog.duration());
        }
    }

    private List<String> resolveAll(List<Target> targets) {
        List<String> ids = new ArrayList<>();
        for (Target target : targets) {
            resolve(target).ifPresent(ids::add);
        }
        return ids;
    }

    /** The process a target means right now; empty (and traced) if there is none. */
    private Optional<String> resolve(Target target) {
        Optional<String> id = switch (target) {
            case Target.Named named -> Optional.of(named.id());
            case Target.Leader leader -> ensemble.leader();
            case Target.Follower follower -> firstFollower();
        };
        if (id.isEmpty()) {
            faults.skipped(target + " does not exist right now");
        }
        return id;
    }

    private Optional<String> firstFollower() {
        Optional<String> leader = ensemble.leader();
        if (leader.isEmpty()) {
            return Optional.empty();
        }
        return faults.liveServers().stream().filter(id -> !id.equals(leader.get())).findFirst();
    }
}
