package dev.zksim.cli;

import dev.zksim.herd.HerdSettings;
import dev.zksim.herd.HerdSweep;
import dev.zksim.herd.Variant;
import dev.zksim.report.herd.HerdReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code zksim herd-report [--clients 2,4,8,...]}: measures the herd effect of every lock,
 * election and barrier variant in the simulation as the client count grows, fits the growth
 * on log-log axes, writes herd-report.html, .csv and .json and prints the page's path and a
 * line per variant.
 */
@Command(name = "herd-report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Measure how many wake-ups each lock, election and barrier variant causes as the client count"
                + " grows, fit the growth on log-log axes, and write results/herd-report/herd-report.html, .csv, .json.")
final class HerdReportCommand implements Callable<Integer> {

    @Option(names = "--clients", paramLabel = "N,N,...",
            description = "Client counts to sweep, each 2 to 256, at least three (default 2,4,8,16,32,64).")
    private String clients;

    @Option(names = "--variants", paramLabel = "NAME,...", split = ",",
            description = "Variants to measure (default all): herd_free_lock, lock_file, lowest_watch_lock,"
                    + " leader_election, seed_article_election, write_lock, double_barrier.")
    private List<String> variants = new ArrayList<>();

    @Option(names = "--servers", paramLabel = "1|3", description = "Servers in the ensemble (default 1, standalone).")
    private int servers = 1;

    @Option(names = "--seed", converter = SeedConverter.class, description = "Seed of every run (default 1).")
    private long seed = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default results/herd-report).")
    private Path out = Path.of("results", "herd-report");

    @Override
    public Integer call() {
        List<Integer> counts = parseClients(clients);
        // Every argument is checked before the folder is created: bad input leaves nothing behind.
        List<Variant> measured = variants.isEmpty() ? Arrays.asList(Variant.values())
                : variants.stream().map(Variant::parse).toList();
        HerdSettings settings = HerdSettings.defaults().withServers(servers).withSeed(seed);
        OutputPaths.checkFolder(out, "--out");
        HerdReport report = HerdSweep.run(measured, counts, settings, line -> System.err.println("  " + line));
        Path page = report.write(out);
        System.out.println("herd report written to " + page.toAbsolutePath());
        System.out.println("slope of log(wake-ups) against log(clients) over " + counts + ":");
        report.summary().forEach(line -> System.out.println("  " + line));
        return 0;
    }

    /** The counts, sorted and distinct; anything else is bad input (exit 2, one line). */
    static List<Integer> parseClients(String text) {
        if (text == null) {
            return HerdSettings.DEFAULT_CLIENTS;
        }
        List<Integer> counts = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            int count;
            try {
                count = Integer.parseInt(part.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--clients: '" + part + "' is not a client count (e.g. 2,4,8,16)");
            }
            if (count < 2 || count > HerdSettings.MAX_CLIENTS) {
                throw new IllegalArgumentException("--clients: " + count + " is out of range; each count must be 2 to "
                        + HerdSettings.MAX_CLIENTS);
            }
            if (!counts.contains(count)) {
                counts.add(count);
            }
        }
        if (counts.size() < 3) {
            // Two points fit any straight line exactly: the slope would be reported with
            // confidence it does not have (2,4 called the herd-free lock O(n^2)).
            throw new IllegalArgumentException("--clients: at least three different counts are needed to fit a slope"
                    + " worth reporting, e.g. 2,4,8");
        }
        return counts.stream().sorted().toList();
    }
}
