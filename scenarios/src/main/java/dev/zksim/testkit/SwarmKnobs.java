package dev.zksim.testkit;

import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.disk.CrashPolicy;
import java.util.ArrayList;
import java.util.List;

/**
 * Swarm testing's knobs for the ensemble: the seed picks the size, the tick, the session
 * timeout, the network's delay model and the crash policy, so different seeds explore
 * different corners instead of different interleavings of one configuration. A draw of 0
 * everywhere gives the smallest, calmest ensemble.
 */
public record SwarmKnobs(EnsembleConfig config, String delayModel) {
    /**
     * The catalogue's runs are short and crash servers, so they ask for a snapshot every
     * 50 to 100 txns: restarts then recover from snapshots plus a log tail, and lagging
     * followers get SNAP syncs, instead of every restart replaying a whole log.
     */
    static final int CATALOG_SNAP_COUNT = 100;

    public static SwarmKnobs pick(Choices knobs, List<Integer> sizes) {
        int servers = knobs.pick(sizes);
        int tick = knobs.pick(List.of(2000, 1000, 500, 3000));
        int sessionTicks = knobs.intIn(4, 10);
        String model = knobs.pick(List.of("lan", "wan", "spiky"));
        CrashPolicy policy = knobs.chance(1, 2) ? CrashPolicy.KEEP_PREFIX_AND_TEAR : CrashPolicy.LOSE_UNSYNCED;
        EnsembleConfig config = EnsembleConfig.defaults(servers)
                .withTickTime(tick)
                .withSessionTimeout(tick * sessionTicks)
                .withNetworkDelay(delay(model))
                .withCrashPolicy(policy)
                .withSnapCount(CATALOG_SNAP_COUNT);
        return new SwarmKnobs(config, model);
    }

    private static Distribution delay(String model) {
        return switch (model) {
            case "lan" -> new Distribution.Uniform(100, Time.millis(1));
            case "wan" -> new Distribution.Exponential(Time.millis(2), Time.millis(10), Time.millis(100));
            case "spiky" -> new Distribution.Spiky(new Distribution.Uniform(100, Time.millis(1)),
                    new Distribution.Uniform(Time.millis(50), Time.millis(400)), 1, 100);
            default -> throw new IllegalArgumentException("unknown delay model " + model);
        };
    }

    /** The knobs as "name: value" lines. */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add("servers: " + config.servers());
        lines.add("tick: " + Time.formatSeconds(Time.millis(config.tickTimeMs())));
        lines.add("session timeout: " + Time.formatSeconds(Time.millis(config.sessionTimeoutMs())));
        lines.add("network: " + delayModel);
        lines.add("crash policy: " + (config.crashPolicy().keepSomeUnsynced() ? "keep some unsynced, tear" : "lose unsynced"));
        return lines;
    }
}
