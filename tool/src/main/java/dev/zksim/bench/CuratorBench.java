package dev.zksim.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zksim.kernel.SuppressForbidden;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code zksim bench curator}: what Curator code costs under simulation, in JVMs of their own
 * (the zksim agent is loaded when a JVM starts). It measures the examples' {@code curator-mutex}
 * (Curator's InterProcessMutex, run as shipped through the agent) in one JVM, in one JVM with two
 * sweep threads (whose events must be the same as one thread's: two runs of agent code share one
 * JVM), and in two JVMs at once, one per core; and the agent's cost on {@code official-lock}, a
 * scenario of official-client code that runs without the agent, in JVMs with and without it,
 * interleaved. Every figure is a sweep after a warm-up sweep, on one thread unless said, and is
 * printed with the load it was measured under.
 */
@SuppressForbidden("starts the launcher in child processes and times them, outside any simulation")
public final class CuratorBench {
    /** The floor issue 24 sets for the Curator mutex on two cores. */
    private static final double CURATOR_FLOOR = 100;
    /** The most the agent may cost where it is not needed. */
    private static final double AGENT_COST_CEILING = 0.20;

    private final Path launcher;
    private final String classpath;
    private final PrintStream out;

    /** One probe's measured sweep. */
    record Probe(int seeds, int failures, long events, long wallNanos, long cpuNanos, double load) {
        double seedsPerSecond() {
            return seeds / (wallNanos / 1e9);
        }

        double cpuMillisPerSeed() {
            return cpuNanos / 1e6 / seeds;
        }
    }

    private CuratorBench(Path launcher, String classpath, PrintStream out) {
        this.launcher = launcher;
        this.classpath = classpath;
        this.out = out;
    }

    /** Runs both measurements with {@code seeds} measured seeds per figure and {@code reps} agent pairs. */
    public static void run(int seeds, int reps, PrintStream out) throws IOException {
        if (seeds < 2) {
            throw new IllegalArgumentException("--seeds must be at least 2 for bench curator");
        }
        try {
            new CuratorBench(launcher(), examplesClasspath(), out).measure(seeds, reps);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("bench curator was interrupted", e);
        }
    }

    private void measure(int seeds, int reps) throws IOException, InterruptedException {
        out.println("Curator's InterProcessMutex (curator-mutex of examples/):");
        Probe alone = probe("curator-mutex", true, 0, seeds);
        out.printf(Locale.ROOT, "  1 JVM:  %6.1f seeds/s  %5.2f ms CPU per seed  (%d seeds, %d failures, load %.2f)%n",
                alone.seedsPerSecond(), alone.cpuMillisPerSeed(), alone.seeds(), alone.failures(), alone.load());
        // Two sweep threads gain only once the compiler, which shares the two cores with them,
        // has settled: this probe warms up on twice as many seeds as it measures.
        Probe threaded = finish(start("curator-mutex", true, 0, seeds, 2, 2 * seeds));
        out.printf(Locale.ROOT, "  1 JVM, 2 sweep threads, warm: %6.1f seeds/s  (%d failures, load %.2f)  %s%n",
                threaded.seedsPerSecond(), threaded.failures(), threaded.load(), threaded.events() == alone.events()
                        ? "the same events as one thread" : "OTHER EVENTS than one thread: the runs were coupled");
        List<Probe> pair = probeTogether("curator-mutex", seeds);
        double together = (pair.get(0).seeds() + pair.get(1).seeds())
                / (Math.max(pair.get(0).wallNanos(), pair.get(1).wallNanos()) / 1e9);
        out.printf(Locale.ROOT, "  2 JVMs: %6.1f seeds/s together  (%d failures, load %.2f)  floor %.0f: %s%n",
                together, pair.get(0).failures() + pair.get(1).failures(), pair.get(1).load(), CURATOR_FLOOR,
                together >= CURATOR_FLOOR ? "met" : "NOT met");
        out.println("The agent's cost on official-lock (official-client code that needs no agent), interleaved:");
        List<Double> ratios = new ArrayList<>();
        for (int rep = 1; rep <= reps; rep++) {
            Probe without = probe("official-lock", false, 0, seeds);
            Probe with = probe("official-lock", true, 0, seeds);
            double ratio = with.seedsPerSecond() / without.seedsPerSecond();
            ratios.add(ratio);
            out.printf(Locale.ROOT, "  pair %d: without %6.1f seeds/s, with %6.1f seeds/s: cost %+5.1f%%  (load %.2f, %.2f)%n",
                    rep, without.seedsPerSecond(), with.seedsPerSecond(), 100 * (1 - ratio), without.load(), with.load());
        }
        double cost = 1 - median(ratios);
        out.printf(Locale.ROOT, "  median cost %+.1f%%  ceiling %.0f%%: %s%n", 100 * cost, 100 * AGENT_COST_CEILING,
                cost <= AGENT_COST_CEILING ? "met" : "NOT met");
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    /** One JVM sweeping on one thread after the usual warm-up. */
    private Probe probe(String scenario, boolean agent, long first, int seeds) throws IOException, InterruptedException {
        return finish(start(scenario, agent, first, seeds, 1, warmup(seeds)));
    }

    /** Two JVMs at once, each sweeping half the seeds. */
    private List<Probe> probeTogether(String scenario, int seeds) throws IOException, InterruptedException {
        Process first = start(scenario, true, 0, seeds / 2, 1, warmup(seeds / 2));
        Process second = start(scenario, true, seeds / 2, seeds - seeds / 2, 1, warmup(seeds - seeds / 2));
        return List.of(finish(first), finish(second));
    }

    private Process start(String scenario, boolean agent, long first, int seeds, int threads, int warmup)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "--classpath", classpath, "bench-probe", scenario,
                "--seed", Long.toString(first), "--seeds", Integer.toString(seeds), "--warmup", Integer.toString(warmup),
                "--threads", Integer.toString(threads));
        builder.environment().put("ZKSIM_AGENT", agent ? "on" : "off");
        builder.redirectErrorStream(true);
        return builder.start();
    }

    /** A fifth of the measured seeds, at least 50: enough for the JIT to settle on Curator's paths. */
    private static int warmup(int seeds) {
        return Math.max(50, seeds / 5);
    }

    private Probe finish(Process process) throws IOException, InterruptedException {
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        String json = output.lines().filter(line -> line.startsWith("{")).reduce((a, b) -> b).orElse(null);
        if (exit != 0 || json == null) {
            String last = output.lines().reduce((a, b) -> b).orElse("no output");
            throw new IllegalStateException("a benchmark JVM failed (exit " + exit + "): " + last);
        }
        JsonNode line = new ObjectMapper().readTree(json);
        return new Probe(line.get("seeds").asInt(), line.get("failures").asInt(), line.get("events").asLong(),
                line.get("wall_ns").asLong(), line.get("cpu_ns").asLong(), load);
    }

    private static Path launcher() {
        String path = System.getProperty("zksim.launcher");
        if (path == null) {
            throw new IllegalArgumentException("bench curator starts the launcher again; run it as ./zksim bench curator");
        }
        return Path.of(path);
    }

    /** The examples' classes and the Curator jars their build names, as a user would pass them. */
    private static String examplesClasspath() throws IOException {
        Path examples = Path.of(System.getProperty("zksim.examples", "examples"));
        Path curator = examples.resolve("target/curator.classpath");
        if (!Files.isRegularFile(curator) || !Files.isDirectory(examples.resolve("target/test-classes"))) {
            throw new IllegalArgumentException("bench curator measures the examples' Curator scenarios, which are not built;"
                    + " run ./zksim test, or (cd examples && mvn test-compile) after mvn install");
        }
        return examples.resolve("target/classes") + ":" + examples.resolve("target/test-classes") + ":"
                + Files.readString(curator).trim();
    }
}
