package dev.zksim.cli;

import dev.zksim.catalog.KnownBugScenarios;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.Time;
import dev.zksim.server.zab.KnownBug;
import java.util.ArrayList;
import java.util.LinkedHashSet;
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
 * deepening), each within an equal share of {@code --budget}, and then without it under the
 * same strategies and shares, which must stay clean. It exits 0 only when every implemented
 * bug was found, nothing failed without a bug, and (unless {@code --implemented-only}) no bug
 * of the 13 is left unimplemented.
 */
@Command(name = "known-bugs", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Run the known ZooKeeper bugs benchmark (issue 27): each bug's scenario with the bug under every"
                + " strategy, then without it; --list names the bugs.")
final class KnownBugsCommand implements Callable<Integer> {

    @Option(names = "--list", description = "List the 13 bugs, what each flag re-introduces and whether this build does.")
    private boolean list;

    @Option(names = "--budget", defaultValue = "120s",
            description = "Wall time for the whole benchmark, shared equally by every (bug or flag-off, strategy) cell"
                    + " (default 120s).")
    private String budget;

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

    @Override
    public Integer call() {
        if (list) {
            printList();
            return 0;
        }
        List<KnownBug> chosen = chosenBugs();
        List<KnownBugBench.Strategy> order = parseStrategies();
        long budgetNanos = budgetNanos();
        Set<String> scenarios = new LinkedHashSet<>();
        chosen.forEach(bug -> scenarios.add(KnownBugScenarios.scenarioFor().get(bug)));
        int cells = (chosen.size() + scenarios.size()) * order.size();
        KnownBugBench bench = new KnownBugBench(UserClasspath.catalog(), budgetNanos / Math.max(1, cells), seed, faults,
                KnownBugsCommand::wallNanos);
        List<KnownBugBench.Cell> found = new ArrayList<>();
        for (KnownBug bug : chosen) {
            for (KnownBugBench.Strategy strategy : order) {
                found.add(progress(bench.withBug(bug, KnownBugScenarios.scenarioFor().get(bug), strategy)));
            }
        }
        List<KnownBugBench.Cell> clean = new ArrayList<>();
        for (String scenario : scenarios) {
            for (KnownBugBench.Strategy strategy : order) {
                clean.add(progress(bench.withoutBug(scenario, strategy)));
            }
        }
        System.out.print(KnownBugBench.table(found, clean));
        return verdict(chosen, found, clean);
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
            try {
                parsed.add(KnownBugBench.Strategy.valueOf(word.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown strategy '" + word + "' (use random, pct, coverage or dfs)");
            }
        }
        return parsed;
    }

    private long budgetNanos() {
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
