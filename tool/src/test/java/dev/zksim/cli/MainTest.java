package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MainTest extends CliTestSupport {

    @Test
    void aBugInZksimIsOneLineOnTheTerminalAndItsStackTraceGoesToAFile() throws IOException {
        StringWriter terminal = new StringWriter();
        CommandLine commandLine = new CommandLine(new Main()).setErr(new PrintWriter(terminal, true));
        int exit = Main.failed(new IllegalStateException("boom\nsecond line"), commandLine, null);

        assertThat(exit).isEqualTo(1);
        String printed = terminal.toString();
        assertThat(printed.lines()).hasSize(1);
        assertThat(printed).startsWith("zksim: internal error: java.lang.IllegalStateException: boom second line")
                .doesNotContain("\tat ");
        Matcher file = Pattern.compile("stack trace in (\\S+)\\)").matcher(printed);
        assertThat(file.find()).isTrue();
        Path report = Path.of(file.group(1));
        try {
            assertThat(Files.readString(report)).contains("java.lang.IllegalStateException: boom")
                    .contains("\tat dev.zksim.cli.MainTest");
        } finally {
            Files.deleteIfExists(report);
        }
    }

    @Test
    void helpListsTheCommands() {
        assertThat(Main.execute("--help")).isZero();
        assertThat(stdout()).contains("demo").contains("bench").contains("test");
    }

    @Test
    void theKernelDemoPrintsTheSeedFirstAndTheDigest() {
        assertThat(Main.execute("demo", "--kernel", "--seed", "0x2a")).isZero();
        assertThat(stdout()).startsWith("seed: 42").contains("knob nodes: ").contains("events: ").containsPattern("digest: [0-9a-f]{32}");
    }

    @Test
    void theDemoSweepsTheCatalogueAndPrintsTheSameDigestTwice() {
        assertThat(Main.execute("demo", "--seed", "42", "--seeds", "2")).isZero();
        String first = stdout();
        assertThat(first).contains("scenario").contains("seeds/s").contains("ensemble-random-ops").containsPattern("digest: [0-9a-f]{32}");
        out.reset();
        assertThat(Main.execute("demo", "--seed", "42", "--seeds", "2")).isZero();
        assertThat(stdout().lines().filter(line -> line.startsWith("digest: ")).toList())
                .isEqualTo(first.lines().filter(line -> line.startsWith("digest: ")).toList());
    }

    @Test
    void runAndReplayGiveTheSameDigestAndBadLinesAreOneLineErrors() {
        assertThat(Main.execute("run", "ensemble-random-ops", "--seed", "3")).isZero();
        String digest = stdout().lines().filter(line -> line.startsWith("digest: ")).findFirst().orElseThrow().substring(8);
        out.reset();
        assertThat(Main.execute("replay", "zksim4:ensemble-random-ops:3:-:-:" + digest.substring(0, 16))).isZero();
        assertThat(stdout()).contains("digest matches the reproduce line");
        assertThat(Main.execute("replay", "zksim4:ensemble-random-ops:3:-:-:0000000000000000:00000000")).isEqualTo(2);
        assertThat(stderr()).contains("edited or damaged in copying");
        assertThat(Main.execute("replay", "garbage")).isEqualTo(2);
        assertThat(stderr().lines()).last().asString().contains("malformed reproduce line");
        err.reset();
        assertThat(Main.execute("replay", "zksim1:ensemble-random-ops:3:-:-:" + digest.substring(0, 16))).isEqualTo(2);
        assertThat(stderr().lines()).hasSize(1).first().asString().contains("a zksim1 reproduce line comes from an older zksim");
        err.reset();
        assertThat(Main.execute("replay", "zksim2:ensemble-random-ops:3:-:-:" + digest.substring(0, 16))).isEqualTo(2);
        assertThat(stderr().lines()).hasSize(1).first().asString().contains("a zksim2 reproduce line comes from an older zksim");
    }

    @Test
    void badScenarioAndFaultPlanAreOneLineErrors() {
        assertThat(Main.execute("run", "no-such-scenario", "--seed", "1")).isEqualTo(2);
        assertThat(stderr().lines()).singleElement().asString().contains("unknown scenario 'no-such-scenario'");
        err.reset();
        assertThat(Main.execute("run", "ensemble-random-ops", "--seed", "1", "--faults", "at 1s explode")).isEqualTo(2);
        assertThat(stderr().lines()).singleElement().asString().contains("unknown fault 'explode'");
    }

    @Test
    void aMalformedSeedIsOneLineOfErrorAndExitCode2() {
        assertThat(Main.execute("demo", "--seed", "forty-two")).isEqualTo(2);
        assertThat(stderr().lines()).singleElement().asString().startsWith("zksim: ").contains("malformed seed 'forty-two'");
    }

    @Test
    void anUnknownCommandIsOneLineOfErrorAndExitCode2() {
        assertThat(Main.execute("frobnicate")).isEqualTo(2);
        assertThat(stderr().lines()).singleElement().asString().contains("frobnicate");
    }

    @Test
    void anUnknownBenchmarkSuiteIsOneLineOfErrorAndExitCode2() {
        assertThat(Main.execute("bench", "nosuch")).isEqualTo(2);
        assertThat(stderr().lines()).singleElement().asString().contains("unknown benchmark suite 'nosuch'");
    }

    @Test
    void testWithoutTheLauncherPointsToIt() {
        assertThat(Main.execute("test")).isEqualTo(2);
        assertThat(stderr()).contains("./zksim test");
    }

    @Test
    void checkDeterminismReplaysEverySeedInOneSecondJvmAndItsDigestsAreTheRunsDigests() {
        assertThat(Main.execute("check-determinism", "lock-basic", "--seed", "3", "--seeds", "2", "--fork")).isZero();
        assertThat(stdout()).contains("2 seeds deterministic (the same digests in a second JVM)");
        String seed4 = stdout().lines().filter(line -> line.startsWith("seed 4: ")).findFirst().orElseThrow().substring(8);
        out.reset();
        assertThat(Main.execute("check-determinism", "lock-basic", "--seed", "4", "--seeds", "1", "--digests-only")).isZero();
        assertThat(stdout().lines()).containsExactly("digest of seed 4 " + seed4);
        out.reset();
        assertThat(Main.execute("run", "lock-basic", "--seed", "4")).isZero();
        assertThat(stdout()).contains("digest: " + seed4);
    }
}
