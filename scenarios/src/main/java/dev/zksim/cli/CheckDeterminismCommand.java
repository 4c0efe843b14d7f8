package dev.zksim.cli;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim check-determinism SCENARIO}: runs each seed twice in this JVM and, with
 * --fork, once more in a separately started JVM, and demands the same trace digest.
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

    @Option(names = "--fork", description = "Also replay each seed in a separately started JVM.")
    private boolean fork;

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
        for (long current = seed; current <= seed + (seeds - 1); current++) {
            RunOutcome outcome = new PropertyCheck(runner).runTwice(RunSpec.of(scenario, current));
            if (outcome.failureKind().filter(FailureKind.NONDETERMINISM::equals).isPresent()) {
                System.out.println("seed " + current + ": " + outcome.failure().orElseThrow().getMessage());
                return FailureKind.NONDETERMINISM.exitCode();
            }
            if (fork && !sameInAnotherJvm(outcome)) {
                System.out.println("seed " + current + ": a second JVM produced a different digest than " + outcome.digest());
                return FailureKind.NONDETERMINISM.exitCode();
            }
            System.out.println("seed " + current + ": " + outcome.digest() + (fork ? " (same in a second JVM)" : ""));
        }
        System.out.println(seeds + " seeds deterministic");
        return 0;
    }

    @SuppressForbidden("starts a second JVM to compare digests across processes")
    private static boolean sameInAnotherJvm(RunOutcome outcome) throws IOException, InterruptedException {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        String line = new ReproLine(outcome.spec(), outcome.digest()).toString();
        Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "replay", line)).redirectErrorStream(true).start();
        // Ctrl-C on this JVM must not leave the child running on: kill it on the way out.
        Thread killChild = new Thread(child::destroyForcibly, "zksim-kill-fork");
        Runtime.getRuntime().addShutdownHook(killChild);
        try {
            String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return child.waitFor() == outcome.failureKind().map(FailureKind::exitCode).orElse(0)
                    && output.contains("digest: " + outcome.digest());
        } finally {
            child.destroyForcibly();
            try {
                Runtime.getRuntime().removeShutdownHook(killChild);
            } catch (IllegalStateException e) {
                // Already shutting down: the hook is killing the child.
            }
        }
    }
}
