package dev.zksim.catalog;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.kernel.trace.TraceSink;
import dev.zksim.server.zab.ZabEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * The fault choreography of ZOOKEEPER-4646 and ZOOKEEPER-4785 (ZooKeeper's DIFFSyncTest), with
 * drawn times, on three servers: a follower F goes down while the clients write, so that it
 * falls behind; the other follower G goes down too, and the leader L loses its quorum. F comes
 * back, and F and L form a new epoch in which L syncs F by DIFF. A short time after F applied
 * the DIFF (a window as long as its slow fsync) F crashes, and L soon after. F and G return:
 * F's current epoch is the newer one, so F wins the election over G, which holds the txns F
 * was sent. If F acked NEWLEADER or wrote its epoch before those txns were durable (the bugs),
 * it leads without txns that L and G committed, which the leader-completeness invariant
 * catches; in ZooKeeper 3.9.5 F persists them first, and the run passes. L returns last.
 *
 * <p>It reacts to the trace (F's SyncApplied), so it is installed as a trace sink; every time
 * and choice is drawn from the run's own choices, so a seed replays.
 */
final class DiffSyncNemesis implements TraceSink {
    private final Ensemble ensemble;
    private final Choices draws;
    private String lagging;
    private String away;
    private String leader;
    private boolean restarted;
    private boolean aimed;

    private DiffSyncNemesis(Ensemble ensemble) {
        this.ensemble = ensemble;
        this.draws = ensemble.simulation().choices().stream("diff-sync-nemesis");
    }

    /** Plans the first crash, and watches the trace for the lagging follower's DIFF. */
    static void install(Ensemble ensemble) {
        DiffSyncNemesis nemesis = new DiffSyncNemesis(ensemble);
        ensemble.simulation().trace().addSink(nemesis);
        ensemble.simulation().schedule(nemesis.draws.longIn(Time.millis(800), Time.millis(1500)), nemesis::leaveBehind);
    }

    /** F goes down while the clients write, then G, and F comes back to a leader without a quorum. */
    private void leaveBehind() {
        if (ensemble.leader().isEmpty()) {
            return;
        }
        leader = ensemble.leader().get();
        List<String> followers = new ArrayList<>(ensemble.serverIds());
        followers.remove(leader);
        lagging = draws.pick(followers);
        followers.remove(lagging);
        away = followers.getFirst();
        ensemble.faults().crash(lagging);
        long behind = draws.longIn(Time.millis(200), Time.millis(600));
        ensemble.simulation().schedule(behind, () -> ensemble.faults().crash(away));
        ensemble.simulation().schedule(behind + draws.longIn(Time.millis(100), Time.millis(1000)), () -> {
            restarted = true;
            ensemble.faults().restart(lagging);
            // Without a DIFF to aim at (F was not behind, or was synced otherwise) G still returns.
            ensemble.simulation().schedule(Time.seconds(5), () -> {
                if (!aimed) {
                    ensemble.faults().restart(away);
                }
            });
        });
    }

    @Override
    public void accept(TraceRecord record) {
        if (restarted && !aimed && record.process().equals(lagging) && record.event() instanceof ZabEvent.SyncApplied sync
                && sync.mode().equals("DIFF")) {
            aimed = true;
            long crash = draws.longIn(0, Time.millis(200));
            long leaderCrash = crash + draws.longIn(0, Time.millis(300));
            long back = leaderCrash + draws.longIn(Time.millis(300), Time.millis(1000));
            ensemble.simulation().schedule(crash, () -> ensemble.faults().crash(lagging));
            ensemble.simulation().schedule(leaderCrash, () -> ensemble.faults().crash(leader));
            ensemble.simulation().schedule(back, () -> {
                ensemble.faults().restart(lagging);
                ensemble.faults().restart(away);
            });
            ensemble.simulation().schedule(back + draws.longIn(Time.seconds(2), Time.seconds(4)),
                    () -> ensemble.faults().restart(leader));
        }
    }
}
