package dev.zksim.herd;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import java.util.List;

/**
 * How herd runs are set up. The defaults measure the protocol, not the network: one
 * standalone server (client traffic is what the herd is made of; a quorum would add the
 * servers' own Zab messages and forward writes, but not change what clients send or
 * receive), no faults, and a fast LAN of 50 to 250 microsecond links, so a woken client's
 * re-read lands within the millisecond the burst is counted in.
 *
 * @param servers 1 (standalone) or 3
 * @param hold how long each holder, leader or barrier participant keeps what it got
 * @param seed the seed of every run's choices (delays, connection targets)
 * @param networkDelay one-way delay of every link
 */
public record HerdSettings(int servers, long hold, long seed, Distribution networkDelay) {
    public static final List<Integer> DEFAULT_CLIENTS = List.of(2, 4, 8, 16, 32, 64);
    public static final int MAX_CLIENTS = 256;

    public HerdSettings {
        if (servers != 1 && servers != 3) {
            throw new IllegalArgumentException("a herd run uses 1 or 3 servers, not " + servers);
        }
        if (hold <= 0) {
            throw new IllegalArgumentException("the hold must be positive");
        }
    }

    public static HerdSettings defaults() {
        return new HerdSettings(1, Time.millis(5), 1, new Distribution.Uniform(50, 250));
    }

    public HerdSettings withServers(int count) {
        return new HerdSettings(count, hold, seed, networkDelay);
    }

    public HerdSettings withSeed(long value) {
        return new HerdSettings(servers, hold, value, networkDelay);
    }

    /** One sentence per fact, for the report's setup section. */
    public List<String> describe() {
        return List.of(
                (servers == 1 ? "One standalone server" : servers + " servers running Zab")
                        + ", no faults; every link has a one-way delay of " + delayText() + ".",
                "All clients connect first; then every client starts its turn at the same simulated instant. Each one"
                        + " that acquires (leads, passes the barrier) holds for " + Time.formatShort(hold)
                        + " and then releases (steps down, leaves).",
                "Counting starts at that instant and ends when the last client finished; connecting and creating the"
                        + " variant's directory beforehand are not counted. Seed " + seed + ", the same for every run.");
    }

    private String delayText() {
        return switch (networkDelay) {
            case Distribution.Uniform uniform -> uniform.low() + " to " + uniform.high() + " microseconds";
            default -> networkDelay.toString();
        };
    }
}
