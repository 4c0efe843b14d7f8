package dev.zksim.demo;

import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import java.util.List;

/**
 * The demo's fault injector: at exponentially spaced times it crashes a node (restarting it
 * later), pauses one, partitions the nodes in two, or clogs a link. All its draws come from
 * its own "faults" stream, so changing the protocol's draws leaves the fault schedule alone.
 */
final class DemoNemesis {
    private final Simulation simulation;
    private final Network network;
    private final List<SimProcess> nodes;
    private final DemoKnobs knobs;
    private final Choices choices;

    DemoNemesis(Simulation simulation, Network network, List<SimProcess> nodes, DemoKnobs knobs) {
        this.simulation = simulation;
        this.network = network;
        this.nodes = nodes;
        this.knobs = knobs;
        this.choices = simulation.choices().stream("faults");
    }

    void start() {
        if (knobs.faultsPerSecondTimes10() > 0) {
            scheduleNext();
        }
    }

    private void scheduleNext() {
        long mean = Time.seconds(10) / knobs.faultsPerSecondTimes10();
        long gap = choices.duration(new Distribution.Exponential(Time.millis(10), mean, Time.seconds(5)));
        simulation.schedule(gap, () -> {
            strike();
            scheduleNext();
        });
    }

    private void strike() {
        SimProcess victim = choices.pick(nodes);
        long lasting = choices.duration(new Distribution.Uniform(Time.millis(100), Time.seconds(2)));
        switch (choices.intIn(0, 3)) {
            case 0 -> {
                victim.crash();
                simulation.schedule(lasting, () -> restart(victim));
            }
            case 1 -> {
                victim.pause();
                simulation.schedule(lasting, victim::resume);
            }
            case 2 -> {
                network.isolate(victim.id());
                simulation.schedule(lasting, network::heal);
            }
            default -> network.clog(victim.id(), choices.pick(nodes).id(), Time.millis(300), lasting);
        }
    }

    private static void restart(SimProcess process) {
        if (!process.isUp()) {
            process.start();
        }
    }
}
