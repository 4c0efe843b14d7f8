package dev.zksim.demo;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.disk.CrashPolicy;
import java.util.List;

/**
 * The knobs of a kernel demo run, all picked by the seed (swarm testing: each seed explores
 * a different corner, not just a different interleaving). Printed before the run starts.
 */
public record DemoKnobs(
        int nodes,
        String delayModel,
        Distribution delay,
        long tickInterval,
        int faultsPerSecondTimes10,
        CrashPolicy crashPolicy,
        long duration) {

    private static final List<String> DELAY_MODELS = List.of("lan", "wan", "spiky");

    public static DemoKnobs pick(Choices knobs) {
        String model = knobs.pick(DELAY_MODELS);
        return new DemoKnobs(
                knobs.intIn(3, 7),
                model,
                delayFor(model),
                Time.millis(knobs.intIn(5, 50)),
                knobs.intIn(0, 20),
                knobs.chance(1, 2) ? CrashPolicy.KEEP_PREFIX_AND_TEAR : CrashPolicy.LOSE_UNSYNCED,
                Time.seconds(10));
    }

    private static Distribution delayFor(String model) {
        return switch (model) {
            case "lan" -> new Distribution.Uniform(100, 800);
            case "wan" -> new Distribution.Exponential(Time.millis(5), Time.millis(20), Time.millis(200));
            case "spiky" -> new Distribution.Spiky(new Distribution.Uniform(100, 800),
                    new Distribution.Uniform(Time.millis(50), Time.millis(500)), 1, 50);
            default -> throw new IllegalArgumentException("unknown delay model " + model);
        };
    }

    /** One line per knob, for the header of a run. */
    public List<String> describe() {
        return List.of(
                "nodes: " + nodes,
                "delay model: " + delayModel + " " + delay,
                "tick interval: " + Time.formatSeconds(tickInterval),
                "faults per second: " + faultsPerSecondTimes10 / 10 + "." + faultsPerSecondTimes10 % 10,
                "crash policy: " + (crashPolicy.keepSomeUnsynced() ? "keep some unsynced, tear last" : "lose unsynced"),
                "duration: " + Time.formatSeconds(duration));
    }
}
