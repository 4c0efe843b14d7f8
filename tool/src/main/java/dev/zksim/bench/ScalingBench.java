package dev.zksim.bench;

import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.kernel.SuppressForbidden;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code zksim bench scaling}: whether the cost of the full model (self-checks and trace
 * digest on) stays flat per event as the clients grow from 10 to 10,000 and the servers
 * from 1 to 7, what an idle client and a znode cost in memory, and what building and
 * reading a large tree costs in CPU. Per-event rows run the read-heavy mix (one write in
 * ten, each client on its own node, so a request's size does not grow with the clients)
 * with about the same number of operations in every row.
 */
@SuppressForbidden("a benchmark: reads thread CPU time, heap use and the process's peak RSS; not simulation code")
public final class ScalingBench {
    private static final int OPS_PER_ROW = 40_000;
    private static final int WARM_UP_RUNS = 8;
    private static final int RUNS_PER_ROW = 3;

    private ScalingBench() {
    }

    /** Runs every part and prints one line per measurement. */
    public static void run(int znodes, PrintStream out) {
        out.println("load: " + String.format(Locale.ROOT, "%.2f",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()) + " (1-minute load average)");
        // Warm the JIT first: with a single warm-up run the first rows measured compilation
        // too (3 servers and 100 clients cost 1.44 us an event as a first row, 0.94 later).
        perEvent(3, 100, WARM_UP_RUNS);
        for (int clients : List.of(10, 100, 1000, 10_000)) {
            out.println(perEvent(3, clients, RUNS_PER_ROW));
        }
        for (int servers : List.of(1, 3, 5, 7)) {
            out.println(perEvent(servers, 100, RUNS_PER_ROW));
        }
        out.println(memoryPerClient(10_000));
        out.println(tree(znodes));
        out.println(String.format(Locale.ROOT, "peak RSS of this JVM so far: %s", peakRss()));
    }

    /**
     * The least CPU time per event over a few runs (the one least disturbed by other work), for
     * one shape of ensemble, beside the bare kernel's floor measured right after it.
     */
    static String perEvent(int servers, int clients, int runs) {
        int rounds = Math.max(1, OPS_PER_ROW / (4 * clients));
        VsRealConfig config = new VsRealConfig(servers, clients, rounds, BenchWorkload.Kind.READ_HEAVY);
        double best = Double.MAX_VALUE;
        long events = 0;
        for (int run = 0; run < runs; run++) {
            Ensemble ensemble = SimSide.elected(servers, run + 1, true);
            long before = ensemble.simulation().eventsDispatched();
            long cpu = threadCpu();
            SimSide.run(ensemble, SimSide.connect(ensemble, clients), config);
            events = ensemble.simulation().eventsDispatched() - before;
            best = Math.min(best, (threadCpu() - cpu) / (double) events);
        }
        double floor = KernelFloor.nanosPerEvent();
        return String.format(Locale.ROOT, "per event  servers %d  clients %5d  %7.2f us CPU/event  %,10.0f events/s  (%,d events)  %s  load %s",
                servers, clients, best / 1e3, 1e9 / best, events, KernelFloor.describe(best, floor), loadAverage());
    }

    /** Heap held per connected idle client: each connects and makes one call, then idles. */
    static String memoryPerClient(int clients) {
        Ensemble ensemble = SimSide.elected(3, 1, true);
        long before = heapAfterGc();
        SimSide.run(ensemble, SimSide.connect(ensemble, clients), clients + " idle clients", (zk, client, listener) ->
                zk.exists("/", false).whenComplete((stat, error) -> {
                    if (error != null) {
                        listener.failed(error);
                    } else {
                        listener.done();
                    }
                }));
        long after = heapAfterGc();
        return String.format(Locale.ROOT, "memory     %,d bytes per idle client (%,d clients, 3 servers, sessions on every server)",
                (after - before) / clients, clients);
    }

    /** Builds a tree of about {@code znodes} znodes through 100 clients, reads every node back, and reports CPU and heap. */
    static String tree(int znodes) {
        int clients = 100;
        int perClient = Math.max(1, znodes / clients);
        Ensemble ensemble = SimSide.elected(3, 1, true);
        long before = heapAfterGc();
        long cpu = threadCpu();
        long events = ensemble.simulation().eventsDispatched();
        SimSide.run(ensemble, SimSide.connect(ensemble, clients), "tree of " + znodes, (zk, client, listener) ->
                new TreeBuilder(zk, "/t" + client, perClient, listener).start());
        double seconds = (threadCpu() - cpu) / 1e9;
        events = ensemble.simulation().eventsDispatched() - events;
        long after = heapAfterGc();
        int built = clients * (perClient + 1);
        return String.format(Locale.ROOT, "tree       %,d znodes built and read (3 servers, defaults): %.2f s CPU, %,d events, "
                + "%,d bytes of heap per znode (three replicas, no data)", built, seconds, events, (after - before) / built);
    }

    /** One client's part of the tree: its parent, then its children one at a time, then a getData of each. */
    private static final class TreeBuilder {
        private final ZooKeeperClient zk;
        private final String parent;
        private final int children;
        private final BenchWorkload.Listener listener;
        private int step;

        TreeBuilder(ZooKeeperClient zk, String parent, int children, BenchWorkload.Listener listener) {
            this.zk = zk;
            this.parent = parent;
            this.children = children;
            this.listener = listener;
        }

        void start() {
            zk.create(parent, null, CreateMode.PERSISTENT).whenComplete((path, error) -> next(error));
        }

        private void next(Throwable error) {
            if (error != null) {
                listener.failed(error);
                return;
            }
            int current = step++;
            if (current < children) {
                zk.create(parent + "/n" + current, null, CreateMode.PERSISTENT).whenComplete((path, e) -> next(e));
            } else if (current < 2 * children) {
                zk.getData(parent + "/n" + (current - children), false).whenComplete((data, e) -> next(e));
            } else {
                listener.done();
            }
        }
    }

    private static String loadAverage() {
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static long threadCpu() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** VmHWM from /proc/self/status on Linux, or "unknown" elsewhere. */
    static String peakRss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("VmHWM:")) {
                    return line.substring("VmHWM:".length()).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
        return "unknown";
    }
}
