package dev.zksim.catalog;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.kernel.trace.TraceSink;
import dev.zksim.kernel.net.NetEvent;
import dev.zksim.server.zab.ZabEvent;
import dev.zksim.server.zab.ZabMessage;
import java.util.ArrayList;
import java.util.TreeMap;
import java.util.List;
import java.util.Map;

/**
 * Brings about a TRUNC sync and cuts it before its NEWLEADER, the window of ZOOKEEPER-5094.
 * First the leader is cut off from the other servers (not from its clients) for longer than
 * syncLimit: it logs the writes of its clients as proposals nobody acks, steps down, and the
 * others elect a leader that commits writes of its own. After the heal the old leader syncs
 * from the new one by TRUNC (its proposals cut, the new epoch's txns sent). When a follower
 * has applied a TRUNC that carried txns and the COMMIT that follows it, the leader that sent
 * them crashes at that instant, so a NEWLEADER still on the wire is lost with the connection. That leader returns a little
 * later; the follower is crashed and restarted once it has synced again, so that what its
 * log holds (not what its memory held) is what it restarts from. Every time is drawn from
 * the run's choices.
 */
final class TruncSyncNemesis implements TraceSink {
    private final Ensemble ensemble;
    private final Choices draws;
    private final Map<String, String> truncatedTo = new TreeMap<>();
    private final Map<String, String> truncSender = new TreeMap<>();
    private String armed;
    private boolean aimed;

    private TruncSyncNemesis(Ensemble ensemble) {
        this.ensemble = ensemble;
        this.draws = ensemble.simulation().choices().stream("trunc-sync-nemesis");
    }

    /** Plans the leader's separation, and watches the trace for a follower applying a TRUNC with txns. */
    static void install(Ensemble ensemble) {
        TruncSyncNemesis nemesis = new TruncSyncNemesis(ensemble);
        ensemble.simulation().trace().addSink(nemesis);
        ensemble.simulation().schedule(nemesis.draws.longIn(Time.seconds(1), Time.millis(2500)), nemesis::separateLeader);
    }

    private void separateLeader() {
        if (ensemble.leader().isEmpty()) {
            return;
        }
        String leader = ensemble.leader().get();
        List<String> others = new ArrayList<>(ensemble.serverIds());
        others.remove(leader);
        ensemble.faults().partition(List.of(List.of(leader), others));
        ensemble.simulation().schedule(draws.longIn(Time.millis(3500), Time.seconds(5)), () -> ensemble.faults().heal());
    }

    @Override
    public void accept(TraceRecord record) {
        if (aimed) {
            return;
        }
        switch (record.event()) {
            // The ensemble names server sid N "sN".
            case ZabEvent.SyncSent sent when sent.mode().equals("TRUNC") -> truncSender.put("s" + sent.follower(), record.process());
            case ZabEvent.Truncated truncated -> truncatedTo.put(record.process(), truncated.toZxid());
            case ZabEvent.SyncApplied applied when applied.mode().equals("TRUNC")
                    && !applied.lastZxid().equals(truncatedTo.get(record.process())) -> armed = record.process();
            case ZabEvent.Serving serving when record.process().equals(armed) -> armed = null;
            case NetEvent.Delivered delivered when delivered.to().equals(armed)
                    && delivered.message() instanceof ZabMessage.LeaderMessage.Commit -> cut(armed);
            default -> {
            }
        }
    }

    private void cut(String follower) {
        String leader = truncSender.get(follower);
        if (leader == null) {
            return;
        }
        aimed = true;
        ensemble.simulation().schedule(0, () -> ensemble.faults().crash(leader));
        ensemble.simulation().schedule(draws.longIn(Time.millis(500), Time.seconds(2)), () -> ensemble.faults().restart(leader));
        long bounce = draws.longIn(Time.millis(1500), Time.seconds(3));
        ensemble.simulation().schedule(bounce, () -> ensemble.faults().crash(follower));
        ensemble.simulation().schedule(bounce + draws.longIn(Time.millis(300), Time.seconds(1)),
                () -> ensemble.faults().restart(follower));
    }
}
