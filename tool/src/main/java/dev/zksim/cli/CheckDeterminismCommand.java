package dev.zksim.cli;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.property.PropertyCheck;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim check-determinism SCENARIO}: runs each seed twice in this JVM and, with
 * --fork, once more in one separately started JVM that replays all the seeds, and demands
 * the same trace digest.
 */
@Command(name = "check-determinism", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Run seeds twice (and with --fork in a second JVM) and demand identical trace digests.")
final class CheckDeterminismCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario id (see ./zksim list).")
    private String scenario;

    @Option(names = "--seed", converter = SeedConverter.class, defaultValue = "0", description = "First seed (default 0).")
    private long seed;

    @Option(names = "--seeds", defaultValue = "10", description = "How many seeds (default 10).")
    private int seeds;

    @Option(names = "--fork", description = "Also replay every seed in one separately started JVM.")
    private boolean fork;

    /** Set in the second JVM: run each seed once and print its digest for the first JVM to compare. */
    @Option(names = "--digests-only", hidden = true)
    private boolean digestsOnly;

    @Override
    public Integer call() throws IOException, InterruptedException {
        ScenarioRunner runner = new ScenarioRunner(UserClasspath.catalog());
        UserClasspath.catalog().find(scenario);
        if (seeds < 1) {
            throw new IllegalArgumentException("--seeds must be at least 1 (a check of " + seeds + " seeds checks nothing)");
        }
        if (seed > Long.MAX_VALUE - (seeds - 1)) {
            throw new IllegalArgumentException(seeds + " seeds from " + seed + " go past the largest seed " + Long.MAX_VALUE
                    + "; start lower or check fewer");
        }
        if (digestsOnly) {
            for (long current = seed; current <= seed + (seeds - 1); current++) {
                System.out.println(DIGEST_PREFIX + current + " " + runner.run(RunSpec.of(scenario, current)).digest());
            }
            return 0;
        }
        Map<Long, String> digests = new LinkedHashMap<>();
        for (long current = seed; current <= seed + (seeds - 1); current++) {
            RunOutcome outcome = new PropertyCheck(runner).runTwice(RunSpec.of(scenario, current));
            if (outcome.failureKind().filter(FailureKind.NONDETERMINISM::equals).isPresent()) {
                System.out.println("seed " + current + ": " + outcome.failure().orElseThrow().getMessage());
                return FailureKind.NONDETERMINISM.exitCode();
            }
            digests.put(current, outcome.digest());
            System.out.println("seed " + current + ": " + outcome.digest());
        }
        if (fork) {
            Map<Long, String> other = digestsInAnotherJvm();
            for (Map.Entry<Long, String> entry : digests.entrySet()) {
                if (!entry.getValue().equals(other.get(entry.getKey()))) {
                    System.out.println("seed " + entry.getKey() + ": a second JVM produced digest "
                            + other.getOrDefault(entry.getKey(), "(none)") + " instead of " + entry.getValue());
                    return FailureKind.NONDETERMINISM.exitCode();
                }
            }
            System.out.println(seeds + " seeds deterministic (the same digests in a second JVM)");
            return 0;
        }
        System.out.println(seeds + " seeds deterministic");
        return 0;
    }

    private static final String DIGEST_PREFIX = "digest of seed ";

    /**
     * Runs every seed once in a single second JVM (one start, not one per seed) and reads
     * back its digests by seed.
     */
    @SuppressForbidden("starts a second JVM to compare digests across processes")
    private Map<Long, String> digestsInAnotherJvm() throws IOException, InterruptedException {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        UserClasspath.entries().ifPresent(entries -> command.addAll(List.of("--classpath", entries)));
        command.addAll(List.of("check-determinism", scenario, "--seed", Long.toString(seed), "--seeds",
                Integer.toString(seeds), "--digests-only"));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        // Ctrl-C on this JVM must not leave the child running on: kill it on the way out.
        Thread killChild = new Thread(child::destroyForcibly, "zksim-kill-fork");
        Runtime.getRuntime().addShutdownHook(killChild);
        String output;
        int status;
        try {
            output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            status = child.waitFor();
        } finally {
            child.destroyForcibly();
            try {
                Runtime.getRuntime().removeShutdownHook(killChild);
            } catch (IllegalStateException e) {
                // Already shutting down: the hook is killing the child.
            }
        }
        Map<Long, String> digests = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            if (line.startsWith(DIGEST_PREFIX)) {
                String[] fields = line.substring(DIGEST_PREFIX.length()).trim().split(" ");
                digests.put(Long.parseLong(fields[0]), fields[1]);
            }
        }
        if (status != 0 && digests.isEmpty()) {
            throw new IllegalStateException("the second JVM failed (exit " + status + "): " + output.lines().findFirst().orElse(""));
        }
        return digests;
    }
}
