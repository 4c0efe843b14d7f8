package dev.zksim.report.fourletter;

/**
 * A server's request counters since it last started, as stat and mntr print them:
 * requests received and replies sent, and the latency between a request arriving and its
 * reply leaving, in milliseconds. The simulation does not count pings or other packets, so
 * these are request counts, not ZooKeeper's packet counts.
 */
public record Traffic(long received, long sent, long minLatencyMs, double avgLatencyMs, long maxLatencyMs) {
    public static final Traffic NONE = new Traffic(0, 0, 0, 0, 0);
}
