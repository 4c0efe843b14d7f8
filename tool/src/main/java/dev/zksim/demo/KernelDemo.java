package dev.zksim.demo;

import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.RunResult;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole kernel run from one seed: the seed picks the knobs, a few gossip nodes run for
 * ten simulated seconds while a small nemesis crashes, pauses, partitions and clogs them,
 * and the result is the event count and the trace digest. Two runs of one seed must print
 * the same digest; that is the determinism promise the rest of zksim builds on.
 */
public final class KernelDemo {

    /** What a demo run reports. */
    public record Result(long seed, DemoKnobs knobs, long events, long traceEvents, String digest, RunResult run) {
    }

    private KernelDemo() {
    }

    public static Result run(long seed) {
        return run(seed, null);
    }

    /** Runs the demo; the optional sink sees every trace record (for capture or export). */
    public static Result run(long seed, TraceSink sink) {
        Choices root = new SeededChoices(seed);
        DemoKnobs knobs = DemoKnobs.pick(root.stream("knobs"));
        Simulation simulation = new Simulation(root);
        if (sink != null) {
            simulation.trace().addSink(sink);
        }
        Network network = new Network(simulation, knobs.delay());
        List<SimProcess> nodes = startNodes(simulation, network, knobs);
        new DemoNemesis(simulation, network, nodes, knobs).start();
        RunResult result = simulation.run(new RunBounds(knobs.duration(), 50_000_000L));
        return new Result(seed, knobs, simulation.eventsDispatched(), simulation.trace().count(),
                simulation.trace().digest(), result);
    }

    private static List<SimProcess> startNodes(Simulation simulation, Network network, DemoKnobs knobs) {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= knobs.nodes(); i++) {
            ids.add("n" + i);
        }
        List<SimProcess> nodes = new ArrayList<>();
        for (String id : ids) {
            List<String> peers = new ArrayList<>(ids);
            peers.remove(id);
            SimProcess process = new SimProcess(simulation, id,
                    p -> new GossipNode(p, network, peers, knobs.tickInterval()), knobs.crashPolicy());
            network.register(process);
            nodes.add(process);
        }
        nodes.forEach(SimProcess::start);
        return nodes;
    }

    /** The demo's summary, as printed by {@code ./zksim demo}. */
    public static List<String> report(Result result) {
        List<String> lines = new ArrayList<>();
        lines.add("seed: " + result.seed());
        for (String knob : result.knobs().describe()) {
            lines.add("knob " + knob);
        }
        lines.add("simulated: " + Time.formatSeconds(result.run().time()));
        lines.add("events: " + result.events());
        lines.add("trace events: " + result.traceEvents());
        lines.add("digest: " + result.digest());
        return lines;
    }
}
