package dev.zksim.report.fourletter;

import dev.zksim.kernel.process.ProcessEvent;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.kernel.trace.TraceSink;
import dev.zksim.server.ServerEvent;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A trace sink that keeps every server's {@link Traffic}: it counts RequestReceived and
 * ReplySent events and pairs them by session and xid to measure latency. Counters start
 * again when the process restarts, as ZooKeeper's ServerStats do.
 */
public final class TrafficCounter implements TraceSink {
    private final Map<String, Counters> servers = new TreeMap<>();

    /** Mutable counters of one server; only this sink sees them. */
    private static final class Counters {
        // Looked up by key, never iterated, so HashMap's order cannot leak into any output.
        private final Map<String, Long> waiting = new HashMap<>();
        private long received;
        private long sent;
        private long min = Long.MAX_VALUE;
        private long max;
        private long total;
        private long measured;

        Traffic traffic() {
            return new Traffic(received, sent, measured == 0 ? 0 : min, measured == 0 ? 0 : (double) total / measured, max);
        }
    }

    @Override
    public void accept(TraceRecord record) {
        switch (record.event()) {
            case ServerEvent.RequestReceived request -> {
                Counters counters = servers.computeIfAbsent(record.process(), p -> new Counters());
                counters.received++;
                counters.waiting.put(request.session() + "/" + request.xid(), record.time());
            }
            case ServerEvent.ReplySent reply -> replied(record, reply);
            case ProcessEvent.Started started -> servers.remove(record.process());
            default -> {
            }
        }
    }

    private void replied(TraceRecord record, ServerEvent.ReplySent reply) {
        Counters counters = servers.computeIfAbsent(record.process(), p -> new Counters());
        counters.sent++;
        Long since = counters.waiting.remove(reply.session() + "/" + reply.xid());
        if (since != null) {
            long latencyMs = (record.time() - since) / 1000;
            counters.min = Math.min(counters.min, latencyMs);
            counters.max = Math.max(counters.max, latencyMs);
            counters.total += latencyMs;
            counters.measured++;
        }
    }

    /** The traffic of a server so far; zero for one that has seen none. */
    public Traffic of(String server) {
        Counters counters = servers.get(server);
        return counters == null ? Traffic.NONE : counters.traffic();
    }
}
