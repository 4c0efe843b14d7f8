package dev.zksim.report.testing;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.client.ClientEvent;
import dev.zksim.ensemble.EnsembleFaults;
import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.process.ProcessEvent;
import dev.zksim.kernel.trace.TraceEvent;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.server.ServerEvent;
import dev.zksim.server.zab.Role;
import dev.zksim.server.zab.ZabEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A hand-made trace with every kind of thing the diagram draws: an election, client
 * requests and replies, replication between servers, a herd of watch notifications, a
 * crash and restart, a paused client, a partition and its heal, a clogged link and a
 * dropped message. Seeded, so it is the same trace every time.
 */
public final class SampleTrace {
    private final List<TraceRecord> records = new ArrayList<>();
    private final SplittableRandom random = new SplittableRandom(42);
    private long now;

    private SampleTrace() {
    }

    /** A trace of roughly rounds * 12 records. */
    public static List<TraceRecord> build(int rounds) {
        SampleTrace trace = new SampleTrace();
        trace.election();
        for (int round = 0; round < rounds; round++) {
            trace.round(round);
        }
        return List.copyOf(trace.records);
    }

    private void election() {
        for (String from : List.of("s1", "s2", "s3")) {
            for (String to : List.of("s1", "s2", "s3")) {
                if (!from.equals(to)) {
                    deliver(from, to, "Notification[sid=" + from.charAt(1) + ", state=LOOKING, round=1, vote=Vote(3, 0x0, e0)]");
                }
            }
        }
        emit("s3", new ZabEvent.Elected(3, 1, Role.LEADING));
        emit("s3", new ZabEvent.Serving(Role.LEADING, 1, "0x100000000"));
        for (String client : List.of("c1", "c2", "c3")) {
            deliver(client, "s1", "ConnectRequest[lastZxidSeen=0, timeoutMs=12000, sessionId=0, password=0]");
            emit("s1", new ServerEvent.SessionCreated("0x" + client.charAt(1), 12000, 0x100000001L));
            deliver("s1", client, "ConnectResponse[timeoutMs=12000, sessionId=" + client.charAt(1) + "]");
            emit(client, new ClientEvent.Connected("s1", client.charAt(1) - '0', 12000));
        }
    }

    private void round(int round) {
        String client = "c" + (1 + round % 3);
        emit(client, new ClientEvent.RequestSent(round, "setData /lock"));
        deliver(client, "s1", "Request[xid=" + round + ", setData /lock <data & \"quotes\">]");
        deliver("s1", "s3", "Forward[xid=" + round + "]");
        deliver("s3", "s1", "Proposal[zxid=0x1000000" + round + "]");
        deliver("s3", "s2", "Proposal[zxid=0x1000000" + round + "]");
        deliver("s1", client, "Reply[xid=" + round + ", err=0]");
        emit(client, new ClientEvent.RequestCompleted(round, Code.OK));
        if (round % 5 == 2) {
            for (String watcher : List.of("c1", "c2", "c3")) {
                deliver("s1", watcher, "Notification[event=WatchedEvent[type=NodeDeleted, path=/lock/n" + round + "]]");
            }
        }
        faults(round);
    }

    private void faults(int round) {
        switch (round % 20) {
            case 4 -> {
                emit("nemesis", new EnsembleFaults.Injected("crash s2", "crashed"));
                emit("s2", new ProcessEvent.Crashed(1));
                emit("net", new NetEvent.Dropped(9, "s3", "s2", "destination down", "Proposal[zxid=0x10000009]"));
            }
            case 8 -> {
                emit("nemesis", new EnsembleFaults.Injected("restart s2", "restarted"));
                emit("s2", new ProcessEvent.Started(2));
            }
            case 10 -> {
                emit("nemesis", new EnsembleFaults.Injected("pause c3", "paused"));
                emit("c3", new ProcessEvent.Paused());
                emit("nemesis", new EnsembleFaults.Injected("partition [[s1], [s2, s3]]", "applied"));
                emit("net", new NetEvent.Partitioned(List.of("s1->s2", "s2->s1")));
            }
            case 14 -> {
                emit("nemesis", new EnsembleFaults.Injected("heal", "applied"));
                emit("net", new NetEvent.Healed());
                emit("c3", new ProcessEvent.Resumed(3));
                emit("nemesis", new EnsembleFaults.Injected("clog s1,c2", "applied"));
                emit("net", new NetEvent.Clogged("s1", "c2", 50_000, now + 200_000));
            }
            default -> {
            }
        }
    }

    private void deliver(String from, String to, String message) {
        long sent = now;
        now += 200 + random.nextInt(600);
        emit(to, new NetEvent.Delivered(7, from, to, sent, message));
    }

    private void emit(String process, TraceEvent event) {
        now += random.nextInt(3) == 0 ? 40_000 + random.nextInt(200_000) : 50 + random.nextInt(300);
        records.add(new TraceRecord(records.size(), now, process, event));
    }
}
