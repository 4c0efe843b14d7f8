package dev.zksim.bench;

import dev.zksim.catalog.Catalog;
import dev.zksim.explore.ExploreReport;
import dev.zksim.explore.Explorer;
import dev.zksim.scenario.ScenarioCatalog;
import java.lang.management.ManagementFactory;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Exhaustive search speed: each invocation is one complete depth-first exploration of
 * lock-basic in small scope (1 server, 2 clients, 2 delay buckets, at most 1 fault) within
 * one of two bounds: at most 1 deviation from the default choices at any depth (the
 * command's default; long runs whose prefixes are replayed), or every choice of the first 12
 * choice points (short prefixes, many states per run), with the invariants checked at every new state and abstract-state hashing
 * on. The counters report distinct states and transitions per wall-clock second, on one
 * thread (one core).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
public class ExploreBenchmark {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    /** "deviations N" or "depth N". */
    @Param({"deviations 1", "depth 12"})
    public String bound;

    /** JMH reports each public field as a rate per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Rates {
        public long states;
        public long transitions;

        @Setup(Level.Iteration)
        public void reset() {
            states = 0;
            transitions = 0;
        }
    }

    /**
     * Totals per iteration, not rates: the distinct states found and the CPU time the
     * benchmark thread spent finding them. Their ratio is the throughput of one core however
     * busy the machine is, which wall-clock rates on a shared machine are not.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuTotals {
        public long statesFound;
        public long cpuMillis;

        @Setup(Level.Iteration)
        public void reset() {
            statesFound = 0;
            cpuMillis = 0;
        }
    }

    @Benchmark
    public long dfsLockBasic(Rates rates, CpuTotals cpu) {
        long cpuBefore = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        Explorer.Builder builder = Explorer.builder(CATALOG, "lock-basic").strategy(Explorer.Strategy.DFS).faults(1);
        int value = Integer.parseInt(bound.substring(bound.indexOf(' ') + 1));
        ExploreReport report = (bound.startsWith("depth") ? builder.depth(value).deviations(value) : builder.deviations(value))
                .explore();
        if (!report.complete() || report.violation().isPresent()) {
            throw new IllegalStateException("the benchmark's exploration must finish cleanly: " + report.summary());
        }
        rates.states += report.distinctStates();
        rates.transitions += report.transitions();
        cpu.statesFound += report.distinctStates();
        cpu.cpuMillis += (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuBefore) / 1_000_000;
        return report.distinctStates();
    }
}
