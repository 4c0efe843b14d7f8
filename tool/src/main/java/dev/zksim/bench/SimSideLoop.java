package dev.zksim.bench;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import java.util.List;

/**
 * The zksim side of {@code bench vs-real} in a loop, for {@link BuildComparison}'s {@code
 * events} mode: {@link BuildComparison} defines this class inside each build's class loader,
 * so that it runs that build's {@link SimSide} (checks and trace digest off) and that build's
 * {@link KernelFloor}. It uses only what every build since issue 13 has, so that an older
 * build can be compared with a newer one.
 */
public final class SimSideLoop {
    private SimSideLoop() {
    }

    /**
     * Runs the configuration's workload on {@code runs} fresh ensembles, seeds {@code firstSeed}
     * on, and returns this thread's CPU nanoseconds and the events dispatched while the
     * workloads ran (electing and connecting excluded, as in {@code bench vs-real}).
     */
    public static long[] measure(String config, long firstSeed, int runs) {
        VsRealConfig parsed = VsRealConfig.parse(config);
        long cpu = 0;
        long events = 0;
        for (int i = 0; i < runs; i++) {
            Ensemble ensemble = SimSide.elected(parsed, firstSeed + i, false);
            List<EnsembleClient> clients = SimSide.connect(ensemble, parsed.clients());
            long eventsBefore = ensemble.simulation().eventsDispatched();
            long cpuBefore = KernelFloor.threadCpu();
            SimSide.run(ensemble, clients, parsed);
            cpu += KernelFloor.threadCpu() - cpuBefore;
            events += ensemble.simulation().eventsDispatched() - eventsBefore;
        }
        return new long[] {cpu, events};
    }

    /** This build's bare kernel floor, in CPU nanoseconds per event. */
    public static double floor() {
        return KernelFloor.nanosPerEvent();
    }
}
