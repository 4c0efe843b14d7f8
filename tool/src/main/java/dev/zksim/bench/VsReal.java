package dev.zksim.bench;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.real.RealEnsemble;
import dev.zksim.real.RealZooKeeperClient;
import java.io.File;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code zksim bench vs-real}: the same workload on a real ZooKeeper 3.9 started in this JVM
 * by curator-test and on zksim, interleaved, with one line per configuration and mode:
 *
 * <ul>
 *   <li>{@code fresh}: each side's first run in a newly started JVM (a child process), the
 *       run a user starts to replay one seed, so both children get the JVM option the
 *       launcher gives {@code replay} (the quick compiler only, unless this JVM's options
 *       chose a compiler). The JVMs' own start is excluded from both sides and printed
 *       beside. Neither side's time includes starting its servers or connecting its clients.</li>
 *   <li>{@code warm}: the median of many runs once the JIT has settled, zksim with its
 *       self-checks and trace digest on, and again with both off. Real runs and zksim
 *       batches alternate, so a change of machine load hits both sides. Every configuration
 *       is warmed, in turn, before any is measured, and the warm-up lasts until the JIT has
 *       gone quiet (a round of runs in which compiling took under 2% of the time), bounded by
 *       runs and by the process's CPU time, never by wall time. Under load the compiler's
 *       threads get little CPU: a warm-up bounded by wall time, or by CPU time alone, ended
 *       while they still had the model's hot code queued, and whichever configuration came
 *       first then measured slower than a larger one after it. The real side runs its
 *       workload three times before its first measured run.</li>
 * </ul>
 *
 * Each line also gives the simulated seconds per wall-clock second and the 1-minute load
 * average when it was measured; a warm line gives zksim's CPU per event beside the bare
 * kernel's floor ({@link KernelFloor}), measured right after it in this JVM.
 */
@SuppressForbidden("a benchmark: times real and simulated runs on the wall clock and starts child JVMs; not simulation code")
public final class VsReal {
    private static final String CHILD_PREFIX = "vs-real-child";
    /** The compiler option the launcher gives {@code replay}, the single run a fresh run stands for. */
    private static final String REPLAY_COMPILER = "-XX:TieredStopAtLevel=1";

    /**
     * @param configs the configurations to run, in order
     * @param reps real runs per configuration (each followed by a zksim batch)
     * @param warmupSeconds zksim's least JIT warm-up per configuration, checks on and off
     *     together, in seconds of this process's CPU time (the JIT's threads included); the
     *     warm-up goes on past it until the JIT is quiet, up to five times as long
     * @param batchSeconds how long each zksim batch runs (at least three runs)
     * @param fresh whether to measure fresh runs in child JVMs
     */
    public record Settings(List<VsRealConfig> configs, int reps, double warmupSeconds, double batchSeconds, boolean fresh) {
    }

    /** The configurations of issue 13 with enough repetitions to settle the JIT. */
    public static Settings standard() {
        return new Settings(VsRealConfig.STANDARD, 3, 3.0, 0.5, true);
    }

    /** Parses a comma-separated list of {@code servers/clients/rounds[:kind]}. */
    public static List<VsRealConfig> parseConfigs(String text) {
        List<VsRealConfig> configs = new ArrayList<>();
        for (String part : text.split(",")) {
            configs.add(VsRealConfig.parse(part.trim()));
        }
        return configs;
    }

    private VsReal() {
    }

    /** Runs every configuration and prints its lines as soon as they are measured. */
    public static void run(Settings settings, PrintStream out) throws Exception {
        out.println("load: " + loadAverage() + " (1-minute load average; ratios are measured side by side; each line gives the load when it was measured)");
        long[] seed = {1};
        out.println(warmUp(settings.configs(), settings.warmupSeconds(), seed));
        for (VsRealConfig config : settings.configs()) {
            if (settings.fresh()) {
                try {
                    fresh(config, out);
                } catch (Exception e) {
                    out.println(String.format(Locale.ROOT, "%-22s fresh  failed: %s", config, firstLine(e)));
                }
            }
            try {
                warm(config, settings, seed, out);
            } catch (Exception e) {
                out.println(String.format(Locale.ROOT, "%-22s warm   failed: %s%s", config, firstLine(e),
                        RealRun.exitRequested()));
            }
        }
    }

    private static void fresh(VsRealConfig config, PrintStream out) throws Exception {
        Child real = Child.run("real", config);
        Child sim = Child.run("sim", config);
        out.println(line(config, "fresh", real.workloadNanos(), sim.workloadNanos(), sim.virtualMicros())
                + String.format(Locale.ROOT, "  (JVM start excluded: real %s, zksim %s)  load %s",
                duration(real.jvmStartNanos()), duration(sim.jvmStartNanos()), loadAverage()));
    }

    private static String firstLine(Exception e) {
        String message = String.valueOf(e.getMessage());
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    private static void warm(VsRealConfig config, Settings settings, long[] seed, PrintStream out) throws Exception {
        Samples real = new Samples();
        Samples checked = new Samples();
        Samples bare = new Samples();
        try (RealEnsemble ensemble = RealRun.start(config)) {
            for (int run = 0; run < REAL_WARM_UP_RUNS; run++) {
                timeReal(ensemble, config);
            }
            for (int rep = 0; rep < settings.reps(); rep++) {
                real.add(timeReal(ensemble, config), 0);
                simBatch(config, settings.batchSeconds(), seed, checked, bare);
            }
        }
        String load = loadAverage();
        double floor = KernelFloor.nanosPerEvent();
        out.println(line(config, "warm", real.median(), checked.median(), checked.medianVirtual())
                + "  checks and trace on   " + KernelFloor.describe(checked.medianCpuPerEvent(), floor) + "  load " + load);
        out.println(line(config, "warm", real.median(), bare.median(), bare.medianVirtual())
                + "  checks and trace off  " + KernelFloor.describe(bare.medianCpuPerEvent(), floor) + "  load " + load);
    }

    /** Runs of each configuration before the JIT can have settled, checks on and off together, whatever CPU they took. */
    static final int WARM_UP_RUNS = 100;
    /** Real runs of a configuration before its first measured one (its servers' JIT, the connections' buffers). */
    private static final int REAL_WARM_UP_RUNS = 3;
    /** The JIT is quiet once a round of runs spent less than this share of its wall time compiling. */
    private static final double QUIET_COMPILE_SHARE = 0.02;

    /**
     * Warms every configuration in rounds (one run of each per round, checks on and off
     * alternating) for at least {@link #WARM_UP_RUNS} rounds and the given CPU time of this
     * process per configuration, which counts the JIT's own threads, and then until a round
     * in which the JIT compiled for under 2% of the round's wall time; never for more than
     * five times that CPU time. Returns a line that says how it ended.
     */
    private static String warmUp(List<VsRealConfig> configs, double cpuSeconds, long[] seed) {
        long start = processCpu();
        long least = (long) (cpuSeconds * 1e9) * configs.size();
        Samples ignored = new Samples();
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        for (int rounds = 0; ; rounds++) {
            long compiledBefore = jit.getTotalCompilationTime();
            long wallBefore = System.nanoTime();
            for (VsRealConfig config : configs) {
                timeSim(config, seed[0]++, rounds % 2 == 0, ignored);
            }
            double compiling = (jit.getTotalCompilationTime() - compiledBefore) * 1e6 / (System.nanoTime() - wallBefore);
            long spent = processCpu() - start;
            if (rounds + 1 >= WARM_UP_RUNS && spent >= least && compiling < QUIET_COMPILE_SHARE) {
                return String.format(Locale.ROOT, "warm-up: %d rounds, %.1f s of CPU; the JIT compiled %.1f%% of the last round  load %s",
                        rounds + 1, spent / 1e9, 100 * compiling, loadAverage());
            }
            if (spent >= 5 * least) {
                return String.format(Locale.ROOT, "warm-up: cut at %.1f s of CPU after %d rounds with the JIT still compiling %.0f%% of the"
                        + " time (a loaded machine starves its threads): the first lines may measure code not yet optimised  load %s",
                        spent / 1e9, rounds + 1, 100 * compiling, loadAverage());
            }
        }
    }

    /** CPU time of the whole process: the simulation's thread, the JIT's and the collector's. */
    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** zksim runs, alternating checks on and off, until the batch's time is up (at least three of each). */
    private static void simBatch(VsRealConfig config, double seconds, long[] seed, Samples checked, Samples bare) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        for (int runs = 0; runs < 3 || System.nanoTime() < end; runs++) {
            timeSim(config, seed[0]++, true, checked);
            timeSim(config, seed[0]++, false, bare);
        }
    }

    private static void timeSim(VsRealConfig config, long seed, boolean checksAndTrace, Samples samples) {
        Ensemble ensemble = SimSide.elected(config, seed, checksAndTrace);
        List<EnsembleClient> clients = SimSide.connect(ensemble, config.clients());
        long events = ensemble.simulation().eventsDispatched();
        long cpu = KernelFloor.threadCpu();
        long start = System.nanoTime();
        long virtual = SimSide.run(ensemble, clients, config);
        long wall = System.nanoTime() - start;
        cpu = KernelFloor.threadCpu() - cpu;
        samples.add(wall, virtual);
        samples.addCpuPerEvent(cpu / (double) Math.max(1, ensemble.simulation().eventsDispatched() - events));
    }

    private static long timeReal(RealEnsemble ensemble, VsRealConfig config) throws Exception {
        List<RealZooKeeperClient> clients = RealRun.connect(ensemble, config);
        try {
            long start = System.nanoTime();
            RealRun.run(clients, config);
            return System.nanoTime() - start;
        } finally {
            RealRun.close(clients);
        }
    }

    static String line(VsRealConfig config, String mode, long realNanos, long simNanos, long virtualMicros) {
        double virtualPerWall = simNanos == 0 ? 0 : virtualMicros * 1e3 / simNanos;
        return String.format(Locale.ROOT, "%-10s %-11s %-5s  real %9s  zksim %9s  %7.0fx  %6.0f virtual s/s",
                config.servers() + "/" + config.clients() + "/" + config.rounds(), config.kind().label(), mode,
                duration(realNanos), duration(simNanos), (double) realNanos / Math.max(1, simNanos), virtualPerWall);
    }

    static String duration(long nanos) {
        if (nanos >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
        }
        if (nanos >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.0f us", nanos / 1e3);
    }

    private static String loadAverage() {
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** Wall times of one side's runs and the simulated time each covered. */
    private static final class Samples {
        private final List<Long> nanos = new ArrayList<>();
        private final List<Long> virtual = new ArrayList<>();
        private final List<Double> cpuPerEvent = new ArrayList<>();

        void add(long wallNanos, long virtualMicros) {
            nanos.add(wallNanos);
            virtual.add(virtualMicros);
        }

        void addCpuPerEvent(double nanosPerEvent) {
            cpuPerEvent.add(nanosPerEvent);
        }

        double medianCpuPerEvent() {
            List<Double> sorted = new ArrayList<>(cpuPerEvent);
            sorted.sort(null);
            return sorted.get(sorted.size() / 2);
        }

        long median() {
            return medianOf(nanos);
        }

        long medianVirtual() {
            return medianOf(virtual);
        }

        private static long medianOf(List<Long> values) {
            List<Long> sorted = new ArrayList<>(values);
            sorted.sort(null);
            return sorted.get(sorted.size() / 2);
        }
    }

    /**
     * One fresh run in a child JVM started with this JVM's class path and options: the
     * child prints how long its JVM took to reach main, the workload's wall time and the
     * simulated time (0 for the real side).
     */
    record Child(long jvmStartNanos, long workloadNanos, long virtualMicros) {

        static Child run(String side, VsRealConfig config) throws Exception {
            String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
            List<String> command = new ArrayList<>();
            command.add(java);
            boolean compilerChosen = false;
            for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (!option.startsWith("-XX:StartFlightRecording") && !option.startsWith("-agent")) {
                    command.add(option);
                    compilerChosen |= option.contains("Tiered");
                }
            }
            if (!compilerChosen) {
                // Both sides start as the launcher starts a replay: with the quick compiler only.
                command.add(REPLAY_COMPILER);
            }
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), VsReal.class.getName(), side,
                    config.spec()));
            Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = child.waitFor();
            for (String outputLine : output.split("\n")) {
                if (outputLine.startsWith(CHILD_PREFIX + " ")) {
                    String[] fields = outputLine.split(" ");
                    return new Child(Long.parseLong(fields[1]), Long.parseLong(fields[2]), Long.parseLong(fields[3]));
                }
            }
            String reason = output.lines().filter(text -> !text.startsWith("SLF4J")).findFirst().orElse("no output");
            throw new IllegalStateException("the fresh " + side + " run failed (exit " + status + "): " + reason);
        }
    }

    /**
     * The child's entry point: {@code sim SPEC} or {@code real SPEC}. It prints
     * {@code vs-real-child JVM_START_NANOS WORKLOAD_NANOS VIRTUAL_MICROS}.
     */
    public static void main(String[] args) throws Exception {
        long jvmStart = ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L;
        VsRealConfig config = VsRealConfig.parse(args[1]);
        long workload;
        long virtual = 0;
        if (args[0].equals("sim")) {
            // The ensemble is built and elected and its clients connected before the clock
            // starts, as the real servers are started and its clients connected before
            // theirs: both sides time the workload on a serving ensemble.
            Ensemble ensemble = SimSide.elected(config, 1, true);
            List<EnsembleClient> clients = SimSide.connect(ensemble, config.clients());
            long start = System.nanoTime();
            virtual = SimSide.run(ensemble, clients, config);
            workload = System.nanoTime() - start;
        } else {
            try (RealEnsemble ensemble = RealRun.start(config)) {
                workload = timeReal(ensemble, config);
            } catch (Exception e) {
                System.out.println("the real run failed: " + e + RealRun.exitRequested());
                System.exit(1);
                return;
            }
        }
        System.out.println(CHILD_PREFIX + " " + jvmStart + " " + workload + " " + virtual);
        System.exit(0);
    }
}
