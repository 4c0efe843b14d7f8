package dev.zksim.cli;

import dev.zksim.catalog.KnownBugScenarios;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.Time;
import dev.zksim.server.zab.KnownBug;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code zksim known-bugs}: the known-bug benchmark of issue 27. {@code --list} names the 13
 * bugs, what each flag re-introduces, and whether this build does; otherwise each implemented
 * bug's scenario runs with the bug under every strategy (random seeds, pct, coverage, dfs with
 * deepening), and then without it under the same strategies, which must stay clean. Every bug
 * runs first under the strategy that finds it fastest, with half the budget among them; the
 * other strategies share a quarter, the flag-off cells the rest. Within a phase each cell gets
 * an equal share of the time still left, so what a bug found in its first runs leaves goes to
 * the bugs that are harder to find. {@code --runs} bounds each cell by runs instead, and
 * {@code --fastest} runs each bug under its fastest strategy only. It exits 0 only when every implemented
 * bug was found, nothing failed without a bug, and (unless {@code --implemented-only}) no bug
 * of the 13 is left unimplemented.
 */
@Command(name = "known-bugs", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Run the known ZooKeeper bugs benchmark (issue 27): each bug's scenario with the bug under every"
                + " strategy, then without it; --list names the bugs.")
final class KnownBugsCommand implements Callable<Integer> {

    @Option(names = "--list", description = "List the 13 bugs, what each flag re-introduces and whether this build does.")
    private boolean list;

    @Option(names = "--budget",
            description = "Wall time for the whole benchmark (default 120s, or no limit with --runs): half for each bug"
                    + " under its fastest strategy, a quarter for the other strategies, the rest for the flag-off cells;"
                    + " what a quickly found bug leaves goes to the cells after it.")
    private String budget;

    @Option(names = "--runs", description = "At most this many runs per cell. Without --budget the table is then the"
            + " same on every machine, which is what a test needs.")
    private Long runs;

    @Option(names = "--fastest", description = "Each bug only under the strategy that finds it fastest, and each"
            + " flag-off scenario under those strategies: the short benchmark that ./zksim test runs.")
    private boolean fastest;

    @Option(names = "--bug", paramLabel = "ZOOKEEPER-NNNN", description = "Only these bugs (repeatable; default all"
            + " implemented).")
    private List<String> bugs = new ArrayList<>();

    @Option(names = "--strategies", split = ",", defaultValue = "random,pct,coverage,dfs",
            description = "The strategies, comma-separated (default random,pct,coverage,dfs).")
    private List<String> strategies;

    @Option(names = "--implemented-only", description = "Exit 0 even though some of the 13 bugs are not implemented yet.")
    private boolean implementedOnly;

    @Option(names = "--seed", converter = SeedConverter.class, defaultValue = "0",
            description = "The first seed of random runs and the explorers' seed (default 0).")
    private long seed;

    @Option(names = "--faults", defaultValue = "4", description = "The explorers' bound on faults per run (default 4).")
    private int faults;

    /**
     * One cell to measure: a scenario with a bug (or without any, when bug is null) under one
     * strategy, in one of the benchmark's three phases.
     */
    private record Planned(int phase, KnownBug bug, String scenario, KnownBugBench.Strategy strategy) {
    }

    /**
     * The share of the budget each phase may spend, cumulatively: each bug under its fastest
     * strategy first (half the budget), then the other strategies (a quarter), then the
     * flag-off cells (the rest). Time a phase leaves unused goes to the next.
     */
    private static final double[] PHASE_ENDS = {0.5, 0.75, 1.0};

    @Override
    public Integer call() {
        if (list) {
            printList();
            return 0;
        }
        if (runs != null && runs <= 0) {
            throw new IllegalArgumentException("--runs must be positive, not " + runs);
        }
        List<KnownBug> chosen = chosenBugs();
        List<Planned> plan = plan(chosen, parseStrategies());
        long budgetNanos = budgetNanos();
        KnownBugBench bench = new KnownBugBench(UserClasspath.catalog(), seed, faults, KnownBugsCommand::wallNanos);
        long start = wallNanos();
        List<KnownBugBench.Cell> found = new ArrayList<>();
        List<KnownBugBench.Cell> clean = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            Planned cell = plan.get(i);
            KnownBugBench.Budget share = share(start, budgetNanos, cell.phase(), cellsLeftInPhase(plan, i));
            if (cell.bug() == null) {
                clean.add(progress(bench.withoutBug(cell.scenario(), cell.strategy(), share)));
            } else {
                found.add(progress(bench.withBug(cell.bug(), cell.scenario(), cell.strategy(), share)));
            }
        }
        found.sort(Comparator.comparing((KnownBugBench.Cell cell) -> KnownBug.parse(cell.bug()))
                .thenComparing(KnownBugBench.Cell::strategy));
        System.out.print(KnownBugBench.table(found, clean));
        return verdict(chosen, found, clean);
    }

    /**
     * The cells in the order they run: every chosen bug under the strategy that finds it
     * fastest; then under the other strategies (none with --fastest); then each of their
     * scenarios without a bug under the strategies used on it.
     */
    private List<Planned> plan(List<KnownBug> chosen, List<KnownBugBench.Strategy> order) {
        List<Planned> first = new ArrayList<>();
        List<Planned> others = new ArrayList<>();
        Map<String, Set<KnownBugBench.Strategy>> flagOff = new LinkedHashMap<>();
        for (KnownBug bug : chosen) {
            String scenario = KnownBugScenarios.scenarioFor().get(bug);
            KnownBugBench.Strategy quickest = KnownBugBench.Strategy.of(KnownBugScenarios.fastestStrategy(bug));
            List<KnownBugBench.Strategy> strategiesOfBug = fastest ? List.of(quickest) : order;
            for (KnownBugBench.Strategy strategy : strategiesOfBug) {
                boolean isQuickest = strategy == quickest;
                (isQuickest ? first : others).add(new Planned(isQuickest ? 0 : 1, bug, scenario, strategy));
                flagOff.computeIfAbsent(scenario, key -> EnumSet.noneOf(KnownBugBench.Strategy.class)).add(strategy);
            }
        }
        List<Planned> plan = new ArrayList<>(first);
        plan.addAll(others);
        flagOff.forEach((scenario, used) -> used.forEach(strategy -> plan.add(new Planned(2, null, scenario, strategy))));
        return plan;
    }

    private static int cellsLeftInPhase(List<Planned> plan, int index) {
        int left = 0;
        for (int i = index; i < plan.size() && plan.get(i).phase() == plan.get(index).phase(); i++) {
            left++;
        }
        return left;
    }

    /** An equal share of the time its phase has left for each of its cells still to run, and the --runs bound. */
    private KnownBugBench.Budget share(long start, long budgetNanos, int phase, int cellsLeft) {
        long nanos = Long.MAX_VALUE;
        if (budgetNanos != Long.MAX_VALUE) {
            long phaseEnd = start + (long) (budgetNanos * PHASE_ENDS[phase]);
            nanos = Math.max(1, (phaseEnd - wallNanos()) / cellsLeft);
        }
        return new KnownBugBench.Budget(nanos, runs == null ? Long.MAX_VALUE : runs);
    }

    private static KnownBugBench.Cell progress(KnownBugBench.Cell cell) {
        System.err.println(cell.summary());
        return cell;
    }

    private void printList() {
        Map<KnownBug, String> scenarios = KnownBugScenarios.scenarioFor();
        for (KnownBug bug : KnownBug.values()) {
            System.out.printf(Locale.ROOT, "%-20s %-16s %-20s %s%n", bug.id(),
                    bug.implemented() ? "implemented" : "not implemented",
                    scenarios.getOrDefault(bug, "-"), bug.reintroduces());
        }
    }

    private List<KnownBug> chosenBugs() {
        List<KnownBug> chosen = new ArrayList<>();
        if (bugs.isEmpty()) {
            for (KnownBug bug : KnownBug.values()) {
                if (bug.implemented()) {
                    chosen.add(bug);
                }
            }
        } else {
            for (String id : bugs) {
                chosen.add(KnownBug.parse(id));
            }
        }
        return chosen;
    }

    private List<KnownBugBench.Strategy> parseStrategies() {
        List<KnownBugBench.Strategy> parsed = new ArrayList<>();
        for (String word : strategies) {
            parsed.add(KnownBugBench.Strategy.of(word));
        }
        return parsed;
    }

    /** The --budget in nanoseconds: 120 s by default, no limit when only --runs bounds the cells. */
    private long budgetNanos() {
        if (budget == null) {
            return runs == null ? Time.seconds(120) * 1000L : Long.MAX_VALUE;
        }
        long micros;
        try {
            micros = Time.parse(budget);
        } catch (ArithmeticException | IllegalArgumentException e) {
            throw new IllegalArgumentException("--budget must be a duration such as 120s or 10m, not '" + budget + "'");
        }
        if (micros <= 0) {
            throw new IllegalArgumentException("--budget must be positive, not '" + budget + "'");
        }
        return Math.multiplyExact(micros, 1000L);
    }

    /** 0 only when every chosen bug was found, flag-off stayed clean, and no bug is missing (or that is allowed). */
    private int verdict(List<KnownBug> chosen, List<KnownBugBench.Cell> found, List<KnownBugBench.Cell> clean) {
        List<String> notFound = new ArrayList<>();
        for (KnownBug bug : chosen) {
            if (found.stream().noneMatch(cell -> cell.bug().equals(bug.id()) && cell.violated())) {
                notFound.add(bug.id());
            }
        }
        List<String> dirty = clean.stream().filter(KnownBugBench.Cell::violated)
                .map(cell -> cell.scenario() + " " + cell.strategy().word()).toList();
        List<String> missing = new ArrayList<>();
        for (KnownBug bug : KnownBug.values()) {
            if (!bug.implemented()) {
                missing.add(bug.id());
            }
        }
        System.out.println("found: " + (chosen.size() - notFound.size()) + " of " + chosen.size() + " bugs run"
                + (notFound.isEmpty() ? "" : "; not found within the budget: " + String.join(", ", notFound)));
        System.out.println("flag-off: " + (dirty.isEmpty() ? "clean" : "VIOLATIONS in " + String.join(", ", dirty)));
        System.out.println("not implemented yet (" + missing.size() + " of " + KnownBug.values().length + "): "
                + (missing.isEmpty() ? "none" : String.join(", ", missing)));
        boolean ok = notFound.isEmpty() && dirty.isEmpty() && (implementedOnly || missing.isEmpty());
        return ok ? 0 : 1;
    }

    @SuppressForbidden("the benchmark reports wall-clock seconds to the first violation; no simulation reads the clock")
    private static long wallNanos() {
        return System.nanoTime();
    }
}
