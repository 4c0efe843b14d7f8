package dev.zksim.cli;

import dev.zksim.conformance.Conformance;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.real.RealEnsemble;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code zksim conformance}: the differential test against a real ZooKeeper 3.9 started
 * in this JVM. Exit 0 when every program agrees, 1 when any mismatch was found (each is
 * printed shrunk, both outcomes side by side), 2 for bad input.
 */
@Command(name = "conformance", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Run random operation programs on zksim and on a real in-process ZooKeeper and compare every observable.")
final class ConformanceCommand implements Callable<Integer> {

    @Option(names = "--programs", defaultValue = "300", description = "How many programs to run in total (default 300).")
    private int programs;

    @Option(names = "--seed", defaultValue = "1", converter = SeedConverter.class,
            description = "Seed of the first program; program i uses seed + i (default 1).")
    private long seed;

    @Option(names = "--servers", defaultValue = "1", description = "1, 3 or both (programs alternate) (default 1).")
    private String servers;

    @Option(names = "--clients", defaultValue = "3", description = "Programs have 1 to this many clients, 1..3 (default 3).")
    private int clients;

    @Option(names = "--steps", defaultValue = "12", description = "Programs have 1 to this many steps (default 12).")
    private int steps;

    @Option(names = "--threads", defaultValue = "1",
            description = "Shards run in parallel, each with its own real servers (default 1).")
    private int threads;

    @Override
    public Integer call() {
        if (programs < 0 || clients < 1 || clients > 3 || steps < 1 || threads < 1 || threads > 16) {
            throw new IllegalArgumentException("--programs must be >= 0, --clients 1..3, --steps >= 1 and --threads 1..16");
        }
        Conformance.Config config = new Conformance.Config(seed, programs, serverCounts(servers), clients, steps);
        return runTimed(config, threads);
    }

    @SuppressForbidden("reports the wall time of a run against a real ZooKeeper, outside any simulation, and on Ctrl-C"
            + " deletes the real servers' data directories from a shutdown hook")
    private static int runTimed(Conformance.Config config, int threads) {
        long start = System.nanoTime();
        System.err.println(String.format(Locale.ROOT, "conformance: %d programs on %s server(s), %d thread(s); starting real"
                + " ZooKeeper servers (this takes a few seconds; progress every 100 programs per thread)",
                config.programs(), config.servers(), threads));
        Thread cleanup = new Thread(RealEnsemble::deleteUnclosed, "zksim-conformance-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        Conformance.Report report;
        try {
            report = Conformance.runParallel(config, threads, System.out::println);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                // Already shutting down: the hook deletes what is left.
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.println(String.format(Locale.ROOT,
                "conformance: %d programs (per server count %s: %s), seeds %d..%d, %d mismatch(es), wall time %.1f s",
                report.programs(), config.servers(), report.perServerCount(), config.seed(),
                config.seed() + config.programs() - 1, report.mismatches().size(), seconds));
        return report.mismatches().isEmpty() ? 0 : 1;
    }

    private static List<Integer> serverCounts(String text) {
        return switch (text.trim()) {
            case "1" -> List.of(1);
            case "3" -> List.of(3);
            case "both" -> List.of(1, 3);
            default -> throw new IllegalArgumentException("--servers must be 1, 3 or both, not '" + text + "'");
        };
    }
}
