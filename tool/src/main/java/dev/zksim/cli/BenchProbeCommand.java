package dev.zksim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.sweep.Sweep;
import dev.zksim.sweep.SweepConfig;
import dev.zksim.sweep.SweepResult;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim bench-probe SCENARIO}: the measuring end of the benchmarks that need a JVM of
 * their own (the agent is loaded when a JVM starts, or not at all). It sweeps warm-up seeds,
 * then the measured seeds on {@code --threads} threads (one unless told), and prints one JSON
 * line: seeds, failures, events, wall and process CPU time of the measured sweep, and whether
 * the agent was loaded. Hidden: {@code zksim bench curator} starts it, a user has no reason to.
 */
@Command(name = "bench-probe", hidden = true, mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Sweep warm-up seeds, then measured seeds; print one JSON line (for zksim bench).")
final class BenchProbeCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario id.")
    private String scenario;

    @Option(names = "--warmup", defaultValue = "200", description = "Seeds swept first, not measured (default ${DEFAULT-VALUE}).")
    private int warmup;

    @Option(names = "--seeds", defaultValue = "1000", description = "Seeds measured (default ${DEFAULT-VALUE}).")
    private int seeds;

    @Option(names = "--seed", defaultValue = "0", description = "The first measured seed (default ${DEFAULT-VALUE}).")
    private long first;

    @Option(names = "--threads", defaultValue = "1", description = "Sweep threads (default ${DEFAULT-VALUE}).")
    private int threads;

    @Override
    @SuppressForbidden("measures the wall-clock and CPU time of a sweep, outside any simulation")
    public Integer call() throws Exception {
        if (warmup < 0 || seeds < 1 || threads < 1) {
            throw new IllegalArgumentException("--warmup must be at least 0, --seeds and --threads at least 1");
        }
        ScenarioRunner runner = new ScenarioRunner(UserClasspath.catalog());
        UserClasspath.catalog().find(scenario);
        if (warmup > 0) {
            // Seeds far from the measured ones, so that the measurement is not of seeds already seen.
            sweep(runner, Long.MAX_VALUE / 2, warmup);
        }
        long cpuBefore = processCpuNanos();
        long wallBefore = System.nanoTime();
        SweepResult measured = sweep(runner, first, seeds);
        long wallNanos = System.nanoTime() - wallBefore;
        long cpuNanos = processCpuNanos() - cpuBefore;
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("scenario", scenario);
        line.put("seeds", measured.seedsRun());
        line.put("failures", measured.failures().size());
        line.put("events", measured.events());
        line.put("wall_ns", wallNanos);
        line.put("cpu_ns", cpuNanos);
        line.put("agent", Boolean.getBoolean("zksim.agent.loaded"));
        System.out.println(new ObjectMapper().writeValueAsString(line));
        return 0;
    }

    private SweepResult sweep(ScenarioRunner runner, long base, int count) {
        SweepConfig config = new SweepConfig(scenario, base, count, 0, 1, threads, null, null, false,
                SweepConfig.DEFAULT_WALL_LIMIT_MILLIS);
        return new Sweep(runner).run(config, (done, total, failures, rate) -> { });
    }

    @SuppressForbidden("the JVM's CPU time, read around a sweep, outside any simulation")
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
