package dev.zksim.bench;

import dev.zksim.catalog.KnownBugScenarios;
import dev.zksim.catalog.StandardCatalog;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.scenario.WithBugs;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two builds of zksim side by side in one JVM, each in its own class loader: the developer's
 * A/B harness for changes that must keep every verdict (issue 28's idle end) or that claim a
 * speed-up. Both builds run the same seeds through {@code ScenarioRunner.runDigestingFailures},
 * as a sweep does, so whatever one build's runs cost or conclude is compared with the other's
 * under the same JIT, the same heap and the same load.
 *
 * <pre>
 * java -cp "$(tool jar):$(tool classpath)" dev.zksim.bench.BuildComparison verdicts BASE_CP CANDIDATE_CP FIRST SEEDS [ID...]
 * java -cp ... dev.zksim.bench.BuildComparison cpu BASE_CP CANDIDATE_CP SCENARIO SEEDS ROUNDS
 * java -cp ... dev.zksim.bench.BuildComparison events BASE_CP CANDIDATE_CP CONFIG[,CONFIG...] RUNS ROUNDS
 * </pre>
 *
 * <p>{@code verdicts} runs seeds FIRST.. FIRST+SEEDS-1 of every id (default: every scenario of
 * the standard catalogue, and every known bug's scenario with its flag) on both builds, on two
 * threads, and compares whether each seed failed, how, and which goals it reached; it prints
 * every disagreement and exits 1 if there was one. {@code cpu} warms both builds on 3,000
 * seeds, then runs the same SEEDS seeds on each in turn, in the order A B then B A, ROUNDS
 * times, timing this thread's CPU, and prints each round's ratio B/A with the load, and the
 * bytes each build allocated per seed (which the load does not move). {@code events} does the
 * same for the model's CPU per event on {@code bench vs-real}'s workloads (checks and trace
 * digest off; {@link SimSideLoop}, defined in each build's loader), RUNS runs a round, and
 * gives each build's cost beside its own kernel floor and beside the base's.
 *
 * <p>The order in which the builds are loaded moves their figures by a few percent, whichever
 * build it is (the JDK's shared methods see both builds' classes; on one machine the build
 * loaded second ran slower, on another faster, and its kernel floor measured 37 ns against the
 * first's 60): quote a ratio measured in both orders, the square root of the quotient of the
 * two runs' ratios.
 *
 * <p>The JVM's flags move the ratio too, so the harness prints them first. Users run the model
 * with the launcher's flags (the serial collector, shallower inlining, switch classifiers
 * inlined; see {@code zksim}), and a lock-standard ratio taken with them was about 3% lower
 * than one taken with the serial collector alone: measure with the flags the launcher passes.
 */
@SuppressForbidden("a developer's benchmark: class loaders, reflection, thread CPU time and threads; not simulation code")
public final class BuildComparison {
    /** Seeds each build runs before the rounds: a lock sweep's CPU per seed still fell after a thousand. */
    private static final int WARM_UP_SEEDS = 3_000;

    private BuildComparison() {
    }

    /** What a run concluded: whether it failed, the failure's kind, and the goals it reached. */
    record Verdict(boolean failed, String kind, List<String> goals) {
    }

    /** One build, loaded on its own, with a scenario runner over its standard catalogue. */
    static final class Build {
        private final Object runner;
        private final Method runDigestingFailures;
        private final Method specOf;
        private final ClassLoader loader;

        Build(String classpath) throws ReflectiveOperationException, IOException {
            List<URL> urls = new ArrayList<>();
            for (String entry : classpath.split(File.pathSeparator)) {
                urls.add(new File(entry).toURI().toURL());
            }
            loader = new SimSideLoopLoader(urls.toArray(URL[]::new));
            Class<?> standard = loader.loadClass("dev.zksim.catalog.StandardCatalog");
            Object catalog = standard.getMethod("catalog").invoke(standard.getConstructor().newInstance());
            Class<?> runnerClass = loader.loadClass("dev.zksim.scenario.ScenarioRunner");
            Class<?> specClass = loader.loadClass("dev.zksim.scenario.RunSpec");
            runner = runnerClass.getConstructor(loader.loadClass("dev.zksim.scenario.ScenarioCatalog")).newInstance(catalog);
            runDigestingFailures = runnerClass.getMethod("runDigestingFailures", specClass);
            specOf = specClass.getMethod("of", String.class, long.class);
        }

        Object run(String id, long seed) throws ReflectiveOperationException {
            try {
                return runDigestingFailures.invoke(runner, specOf.invoke(null, id, seed));
            } catch (InvocationTargetException e) {
                throw new IllegalStateException(id + " seed " + seed + ": " + e.getCause(), e.getCause());
            }
        }

        /** {@link SimSideLoop#measure} in this build: {CPU ns, events}. */
        long[] measureEvents(String config, long firstSeed, int runs) throws ReflectiveOperationException {
            return (long[]) loop().getMethod("measure", String.class, long.class, int.class).invoke(null, config, firstSeed, runs);
        }

        /** {@link SimSideLoop#floor} in this build. */
        double floor() throws ReflectiveOperationException {
            return (double) loop().getMethod("floor").invoke(null);
        }

        private Class<?> loop() throws ClassNotFoundException {
            return loader.loadClass(SimSideLoop.class.getName());
        }

        @SuppressWarnings("unchecked")
        Verdict verdict(String id, long seed) throws ReflectiveOperationException {
            Object outcome = run(id, seed);
            Class<?> type = outcome.getClass();
            Optional<Object> kind = (Optional<Object>) type.getMethod("failureKind").invoke(outcome);
            return new Verdict((Boolean) type.getMethod("failed").invoke(outcome), kind.map(Object::toString).orElse("-"),
                    (List<String>) type.getMethod("goalsReached").invoke(outcome));
        }
    }

    /**
     * A build's class loader that defines {@link SimSideLoop} from this tool's own class file,
     * in the build's {@code dev.zksim.bench} package, so that even a build made before the
     * loop existed runs it against its own {@code SimSide}.
     */
    private static final class SimSideLoopLoader extends URLClassLoader {
        private final byte[] loop;

        SimSideLoopLoader(URL[] urls) throws IOException {
            super(urls, ClassLoader.getPlatformClassLoader());
            try (InputStream in = SimSideLoop.class.getResourceAsStream("SimSideLoop.class")) {
                loop = in.readAllBytes();
            }
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (name.equals(SimSideLoop.class.getName())) {
                return defineClass(name, loop, 0, loop.length);
            }
            return super.findClass(name);
        }
    }

    public static void main(String[] args) throws Exception {
        System.exit(run(args));
    }

    /** Runs the comparison the arguments name and returns the exit code: 0, 1 (verdicts disagree) or 2 (bad arguments). */
    static int run(String[] args) throws Exception {
        boolean verdicts = args.length >= 5 && args[0].equals("verdicts");
        boolean cpu = args.length == 6 && args[0].equals("cpu");
        boolean events = args.length == 6 && args[0].equals("events");
        if (!verdicts && !cpu && !events) {
            System.err.println("usage: BuildComparison verdicts BASE_CP CANDIDATE_CP FIRST SEEDS [ID...]"
                    + " | cpu BASE_CP CANDIDATE_CP SCENARIO SEEDS ROUNDS | events BASE_CP CANDIDATE_CP CONFIG[,CONFIG...] RUNS ROUNDS");
            return 2;
        }
        System.out.println(jvmDescription());
        Build base = new Build(args[1]);
        Build candidate = new Build(args[2]);
        if (verdicts) {
            return compareVerdicts(base, candidate, Long.parseLong(args[3]), Integer.parseInt(args[4]),
                    args.length > 5 ? Arrays.asList(args).subList(5, args.length) : catalogueIds());
        }
        if (events) {
            compareEvents(base, candidate, VsReal.parseConfigs(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5]));
            return 0;
        }
        compareCpu(base, candidate, args[3], Integer.parseInt(args[4]), Integer.parseInt(args[5]));
        return 0;
    }

    /** "JVM 25.0.1+8-LTS, flags: -XX:+UseSerialGC": what the figures that follow were measured on. */
    private static String jvmDescription() {
        List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments();
        return "JVM " + Runtime.version() + ", flags: " + (flags.isEmpty() ? "none" : String.join(" ", flags));
    }

    /** The standard catalogue's ids, then each known bug's scenario with its flag, in the bugs' order. */
    private static List<String> catalogueIds() {
        List<String> ids = new ArrayList<>();
        new StandardCatalog().catalog().all().forEach(scenario -> ids.add(scenario.id()));
        KnownBugScenarios.scenarioFor().forEach((bug, scenario) -> ids.add(WithBugs.idOf(scenario, List.of(bug))));
        return ids;
    }

    private static int compareVerdicts(Build base, Build candidate, long first, int seeds, List<String> ids) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<String>> reports = new ArrayList<>();
        for (String id : ids) {
            reports.add(pool.submit(() -> compareScenario(base, candidate, id, first, seeds)));
        }
        int disagreements = 0;
        for (Future<String> report : reports) {
            String text = report.get();
            System.out.println(text);
            disagreements += text.contains("DISAGREE") ? 1 : 0;
        }
        pool.shutdown();
        System.out.println(ids.size() + " scenarios x " + seeds + " seeds from " + first + ": "
                + (disagreements == 0 ? "every verdict and every goal the same" : disagreements + " scenarios disagree"));
        return disagreements == 0 ? 0 : 1;
    }

    private static String compareScenario(Build base, Build candidate, String id, long first, int seeds) throws Exception {
        StringBuilder out = new StringBuilder();
        int failures = 0;
        int disagree = 0;
        for (long seed = first; seed < first + seeds; seed++) {
            Verdict before = base.verdict(id, seed);
            Verdict after = candidate.verdict(id, seed);
            failures += before.failed() ? 1 : 0;
            if (!before.equals(after)) {
                disagree++;
                out.append("\n  DISAGREE ").append(id).append(" seed ").append(seed).append(": ").append(before)
                        .append(" -> ").append(after);
            }
        }
        return String.format(Locale.ROOT, "%-45s %d seeds, %d failed, %d disagree", id, seeds, failures, disagree) + out;
    }

    private static void compareCpu(Build base, Build candidate, String id, int seeds, int rounds) throws Exception {
        runSeeds(base, id, 10_000_000, WARM_UP_SEEDS);
        runSeeds(candidate, id, 10_000_000, WARM_UP_SEEDS);
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            long first = 20_000_000L + (long) round * seeds;
            List<Long> pair = inTurn(round, () -> runSeeds(base, id, first, seeds), () -> runSeeds(candidate, id, first, seeds));
            long a = pair.get(0);
            long b = pair.get(1);
            double ratio = (double) b / a;
            ratios.add(ratio);
            System.out.printf(Locale.ROOT, "round %d: base %.2f ms/seed, candidate %.2f ms/seed, ratio %.3f, load %.2f%n", round,
                    a / 1e6 / seeds, b / 1e6 / seeds, ratio, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
        System.out.printf(Locale.ROOT, "allocated per seed: base %.2f MB, candidate %.2f MB%n",
                allocatedPerSeed(base, id, seeds), allocatedPerSeed(candidate, id, seeds));
        List<Double> sorted = ratios.stream().sorted().toList();
        System.out.printf(Locale.ROOT, "%s: median ratio candidate/base %.3f (rounds %.3f to %.3f)%n", id,
                sorted.get(sorted.size() / 2), sorted.get(0), sorted.get(sorted.size() - 1));
    }

    /** Runs a configuration's workload on both builds before any is measured, as {@code bench vs-real} warms. */
    private static final int WARM_UP_RUNS = 400;

    private static void compareEvents(Build base, Build candidate, List<VsRealConfig> configs, int runs, int rounds)
            throws Exception {
        for (VsRealConfig config : configs) {
            base.measureEvents(config.spec(), 1_000_000, WARM_UP_RUNS);
            candidate.measureEvents(config.spec(), 1_000_000, WARM_UP_RUNS);
        }
        double baseFloor = Double.MAX_VALUE;
        double candidateFloor = Double.MAX_VALUE;
        // Each floor is the least of three, taken in turn: one measurement moves by a third under load.
        for (int i = 0; i < 3; i++) {
            baseFloor = Math.min(baseFloor, base.floor());
            candidateFloor = Math.min(candidateFloor, candidate.floor());
        }
        System.out.printf(Locale.ROOT, "kernel floors: base %.0f ns, candidate %.0f ns an event%n", baseFloor, candidateFloor);
        for (VsRealConfig config : configs) {
            long[] totals = new long[4];
            List<Double> ratios = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                long seed = 10_000L * round;
                List<long[]> pair = inTurn(round, () -> base.measureEvents(config.spec(), seed, runs),
                        () -> candidate.measureEvents(config.spec(), seed, runs));
                long[] a = pair.get(0);
                long[] b = pair.get(1);
                totals[0] += a[0];
                totals[1] += a[1];
                totals[2] += b[0];
                totals[3] += b[1];
                ratios.add(((double) b[0] / b[1]) / ((double) a[0] / a[1]));
            }
            double before = (double) totals[0] / totals[1];
            double after = (double) totals[2] / totals[3];
            System.out.printf(Locale.ROOT, "%-10s base %.0f ns an event (%.2fx its floor), candidate %.0f ns (%.2fx its floor,"
                    + " %.2fx the base's), ratio %.3f (rounds %.3f to %.3f), load %.2f%n", config, before, before / baseFloor,
                    after, after / candidateFloor, after / baseFloor, after / before, ratios.stream().min(Double::compare).orElseThrow(),
                    ratios.stream().max(Double::compare).orElseThrow(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    /** One build's measurement of one round. */
    @FunctionalInterface
    private interface Measurement<T> {
        T take() throws Exception;
    }

    /**
     * The base's and the candidate's measurement of one round, in that order, taken base first
     * in even rounds and candidate first in odd ones, so that neither build always runs on the
     * JIT state and caches the other left behind.
     */
    private static <T> List<T> inTurn(int round, Measurement<T> base, Measurement<T> candidate) throws Exception {
        if (round % 2 == 0) {
            T before = base.take();
            return List.of(before, candidate.take());
        }
        T after = candidate.take();
        return List.of(base.take(), after);
    }

    /** Megabytes this thread allocates per seed, over the first seeds of the rounds. */
    private static double allocatedPerSeed(Build build, String id, int seeds) throws ReflectiveOperationException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        runSeeds(build, id, 20_000_000L, seeds);
        return (threads.getCurrentThreadAllocatedBytes() - before) / 1e6 / seeds;
    }

    /** This thread's CPU nanoseconds to run the seeds. */
    private static long runSeeds(Build build, String id, long first, int seeds) throws ReflectiveOperationException {
        long start = KernelFloor.threadCpu();
        for (long seed = first; seed < first + seeds; seed++) {
            build.run(id, seed);
        }
        return KernelFloor.threadCpu() - start;
    }
}
