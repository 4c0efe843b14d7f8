package dev.zksim.server;

import dev.zksim.kernel.choice.Distribution;
import java.util.List;

/**
 * The configuration of one simulated server. Times are in milliseconds as in zoo.cfg; the
 * fsync latency, if any, is a distribution of simulated microseconds.
 *
 * @param serverId myid, 0 to 255; it becomes the high byte of the session ids it creates
 * @param tickTimeMs the session expiry granularity (reference 4.4)
 * @param minSessionTimeoutMs negotiated timeouts are clamped to [min, max]
 * @param maxSessionTimeoutMs see minSessionTimeoutMs
 * @param snapCount ZooKeeper's snapCount: a snapshot is written after snapCount/2 plus a drawn
 *     share of snapCount/2 committed txns ({@link dev.zksim.kernel.disk.SnapshotSchedule})
 * @param maxBuffer jute.maxbuffer: a larger request closes the connection (reference 1.6)
 * @param fsyncLatency how long an fsync takes, or null for an instant one
 * @param drawnOrders whether the orders ZooKeeper leaves unspecified (a getChildren list,
 *     the deletion order of a closed session's ephemerals) are drawn from the choices, as
 *     they should be, or kept sorted (only to show that a canary needs the drawn orders)
 * @param counterStarts nodes the server's fresh database starts with, counters far along
 * @param containers the container manager's settings (ZooKeeper's defaults unless a test
 *     wants short intervals)
 */
public record ServerConfig(
        long serverId,
        int tickTimeMs,
        int minSessionTimeoutMs,
        int maxSessionTimeoutMs,
        int snapCount,
        int maxBuffer,
        Distribution fsyncLatency,
        boolean drawnOrders,
        List<CounterStart> counterStarts,
        ContainerConfig containers) {

    public static final int DEFAULT_TICK_TIME_MS = 2000;
    public static final int DEFAULT_SNAP_COUNT = 100_000;
    public static final int DEFAULT_MAX_BUFFER = 0xfffff;

    public ServerConfig {
        counterStarts = List.copyOf(counterStarts);
        containers = containers == null ? ContainerConfig.DEFAULT : containers;
        if (serverId < 0 || serverId > 255) {
            throw new IllegalArgumentException("serverId must be 0..255: " + serverId);
        }
        if (tickTimeMs <= 0 || snapCount <= 0 || maxBuffer <= 0) {
            throw new IllegalArgumentException("tickTime, snapCount and maxBuffer must be positive");
        }
        if (minSessionTimeoutMs <= 0 || minSessionTimeoutMs > maxSessionTimeoutMs) {
            throw new IllegalArgumentException(
                    "need 0 < minSessionTimeout <= maxSessionTimeout: " + minSessionTimeoutMs + ", " + maxSessionTimeoutMs);
        }
    }

    /** A configuration with the unspecified orders drawn. */
    public ServerConfig(long serverId, int tickTimeMs, int minSessionTimeoutMs, int maxSessionTimeoutMs, int snapCount,
            int maxBuffer, Distribution fsyncLatency) {
        this(serverId, tickTimeMs, minSessionTimeoutMs, maxSessionTimeoutMs, snapCount, maxBuffer, fsyncLatency, true,
                List.of(), ContainerConfig.DEFAULT);
    }

    /** ZooKeeper's defaults: min and max session timeouts of 2 and 20 ticks, instant fsync. */
    public static ServerConfig defaults(long serverId, int tickTimeMs) {
        return new ServerConfig(serverId, tickTimeMs, 2 * tickTimeMs, 20 * tickTimeMs, DEFAULT_SNAP_COUNT,
                DEFAULT_MAX_BUFFER, null);
    }

    public static ServerConfig defaults(long serverId) {
        return defaults(serverId, DEFAULT_TICK_TIME_MS);
    }

    public ServerConfig withSnapCount(int count) {
        return new ServerConfig(serverId, tickTimeMs, minSessionTimeoutMs, maxSessionTimeoutMs, count, maxBuffer,
                fsyncLatency, drawnOrders, counterStarts, containers);
    }

    public ServerConfig withMaxBuffer(int bytes) {
        return new ServerConfig(serverId, tickTimeMs, minSessionTimeoutMs, maxSessionTimeoutMs, snapCount, bytes,
                fsyncLatency, drawnOrders, counterStarts, containers);
    }

    public ServerConfig withFsyncLatency(Distribution latency) {
        return new ServerConfig(serverId, tickTimeMs, minSessionTimeoutMs, maxSessionTimeoutMs, snapCount, maxBuffer,
                latency, drawnOrders, counterStarts, containers);
    }

    public ServerConfig withDrawnOrders(boolean drawn) {
        return new ServerConfig(serverId, tickTimeMs, minSessionTimeoutMs, maxSessionTimeoutMs, snapCount, maxBuffer,
                fsyncLatency, drawn, counterStarts, containers);
    }

    public ServerConfig withCounterStarts(List<CounterStart> starts) {
        return new ServerConfig(serverId, tickTimeMs, minSessionTimeoutMs, maxSessionTimeoutMs, snapCount, maxBuffer,
                fsyncLatency, drawnOrders, starts, containers);
    }

    public ServerConfig withContainers(ContainerConfig settings) {
        return new ServerConfig(serverId, tickTimeMs, minSessionTimeoutMs, maxSessionTimeoutMs, snapCount, maxBuffer,
                fsyncLatency, drawnOrders, counterStarts, settings);
    }

    /** The requested timeout clamped to [min, max] (reference 4.1). */
    public int negotiateTimeout(int requestedMs) {
        return Math.max(minSessionTimeoutMs, Math.min(maxSessionTimeoutMs, requestedMs));
    }
}
