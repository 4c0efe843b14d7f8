package dev.zksim.official;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.official.testkit.OfficialTestkitTest;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Same seed, same trace digest, for runs of official-client code in simulated threads (the
 * blocking lock and the callback election on one set of threads, and a lock in the testkit's
 * standard scenario, whose threads are the client processes' own): 100 seeds twice in this
 * JVM and once more in a second JVM.
 */
class DeterminismTest {
    private static final int SEEDS = 100;
    private static final ScenarioRunner TESTKIT = new ScenarioRunner(OfficialTestkitTest.CATALOG);

    /** Entry point of the second JVM: prints one digest per line for seeds 1..n. */
    public static void main(String[] args) {
        int seeds = Integer.parseInt(args[0]);
        for (String digest : digests(seeds)) {
            System.out.println(digest);
        }
    }

    static List<String> digests(int seeds) {
        List<String> digests = new ArrayList<>();
        for (long seed = 1; seed <= seeds; seed++) {
            LockPrograms.Outcome outcome = LockPrograms.run(seed, LockPrograms.RECIPE, 3, 2);
            CallbackElection.Leaders election = CallbackElection.run(seed, 3);
            RunOutcome testkit = TESTKIT.run(RunSpec.of("official-mutex", seed), null);
            digests.add(seed + " " + outcome.digest() + " " + outcome.acquisitions() + " " + election.digest + " "
                    + election.terms + " " + testkit.digest() + " " + testkit.failure().isPresent());
        }
        return digests;
    }

    @Test
    void sameSeedSameDigestTwiceAndInASecondJvm() throws IOException, InterruptedException {
        List<String> first = digests(SEEDS);
        assertThat(digests(SEEDS)).isEqualTo(first);
        assertThat(first.stream().map(line -> line.split(" ")[1]).distinct().count())
                .as("different seeds give different runs").isGreaterThan(SEEDS / 2);
        assertThat(secondJvm(SEEDS)).isEqualTo(first);
    }

    private static List<String> secondJvm(int seeds) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path out = Files.createTempFile("zksim-determinism", ".txt");
        Process process = new ProcessBuilder(java.toString(), "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), DeterminismTest.class.getName(), String.valueOf(seeds))
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertThat(process.waitFor(300, TimeUnit.SECONDS)).as("second JVM finished").isTrue();
        assertThat(process.exitValue()).isZero();
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        Files.delete(out);
        return lines;
    }
}
