package com.example.underagent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.agent.bridge.Bridge;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Curator's InterProcessMutex, with production-style sleeps and clock reads around it, runs in
 * virtual time under the agent: every hold is exclusive, the clock is the simulation's, and the
 * same seed gives the same trace twice in this JVM and once more in a second JVM.
 */
class CuratorUnderTheAgentTest {
    private static final int SEEDS = 100;

    @Test
    void theAgentIsLoaded() {
        assertThat(Bridge.agentLoaded()).as("surefire runs these tests with -javaagent").isTrue();
    }

    @Test
    void holdsAreExclusiveAndTimedByTheVirtualClock() {
        CuratorMutexRun.Outcome outcome = CuratorMutexRun.run(1, 3, 3);
        assertThat(outcome.holds()).hasSize(9);
        List<CuratorMutexRun.Hold> holds = outcome.holds();
        for (int i = 1; i < holds.size(); i++) {
            assertThat(holds.get(i).from()).as("hold %d starts after hold %d ended", i, i - 1)
                    .isGreaterThanOrEqualTo(holds.get(i - 1).to());
        }
        for (CuratorMutexRun.Hold hold : holds) {
            assertThat(hold.from()).isBetween(Bridge.EPOCH_MILLIS, Bridge.EPOCH_MILLIS + 60_000);
            // Thread.sleep(20 + 10 * round) took exactly that much virtual time.
            assertThat(hold.to() - hold.from()).isIn(20L, 30L, 40L);
        }
    }

    @Test
    void sameSeedSameDigestTwiceAndInASecondJvm() throws IOException, InterruptedException {
        List<String> first = digests(SEEDS);
        assertThat(digests(SEEDS)).isEqualTo(first);
        assertThat(first.stream().distinct().count()).as("different seeds give different runs")
                .isGreaterThan(SEEDS / 2);
        assertThat(secondJvm(SEEDS)).isEqualTo(first);
    }

    /** Entry point of the second JVM: prints one digest per line for seeds 1..n. */
    public static void main(String[] args) {
        for (String digest : digests(Integer.parseInt(args[0]))) {
            System.out.println(digest);
        }
    }

    private static List<String> digests(int seeds) {
        List<String> digests = new ArrayList<>();
        for (long seed = 1; seed <= seeds; seed++) {
            CuratorMutexRun.Outcome outcome = CuratorMutexRun.run(seed, 2, 2);
            digests.add(outcome.digest() + " " + outcome.holds().size());
        }
        return digests;
    }

    /** The second JVM gets this one's options, the agent among them. */
    private static List<String> secondJvm(int seeds) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), CuratorUnderTheAgentTest.class.getName(),
                String.valueOf(seeds)));
        Path out = Files.createTempFile("zksim-curator-determinism", ".txt");
        Path err = Files.createTempFile("zksim-curator-determinism", ".err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(300, TimeUnit.SECONDS)).as("second JVM finished").isTrue();
        // The second JVM's own failure (a one-line SimulationFailure) is the message, not just its exit code.
        assertThat(process.exitValue()).as(Files.readString(err, StandardCharsets.UTF_8)).isZero();
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        Files.delete(out);
        Files.delete(err);
        return lines;
    }
}
