package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The commands that render runs: replay --html and fourletter. */
class ReportCommandsTest extends CliTestSupport {
    private static String line;

    @BeforeAll
    static void reproduceLine() {
        RunSpec spec = RunSpec.of("ensemble-random-ops", 7);
        line = new ReproLine(spec, new ScenarioRunner(Catalog.standard()).run(spec).digest()).toString();
    }

    @Test
    void replayWritesAWellFormedDiagramAndPrintsItsPath() throws Exception {
        Path html = Path.of("target", "report-commands", "seed7.html");
        assertThat(Main.execute("replay", line, "--html", html.toString())).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("space-time diagram written to " + html.toAbsolutePath())
                .contains("digest matches");
        byte[] page = Files.readAllBytes(html);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.newDocumentBuilder().parse(new ByteArrayInputStream(page));
        String text = new String(page, StandardCharsets.UTF_8);
        assertThat(text).contains("<svg").contains("class=\"m-watch\"").contains("pause c4").doesNotContain("<script");
        // The same line gives the same page, byte for byte.
        assertThat(Main.execute("replay", line, "--html", html.toString())).isZero();
        assertThat(Files.readAllBytes(html)).isEqualTo(page);
    }

    @Test
    void fourLetterWordsAnswerAtTheGivenTime() {
        assertThat(Main.execute("fourletter", line, "--at", "6s", "--server", "s1", "srvr")).isZero();
        String srvr = out.toString(StandardCharsets.UTF_8);
        assertThat(srvr).startsWith("Zookeeper version: ").containsPattern("Mode: (leader|follower)\n")
                .containsPattern("Zxid: 0x[0-9a-f]+\n").contains("Node count: ");
        out.reset();
        assertThat(Main.execute("4lw", line, "--at", "6s", "mntr", "wchc")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("== s1 mntr at 6s ==", "== s3 wchc at 6s ==",
                "zk_znode_count\t");
    }

    @Test
    void aTimePastTheEndOfAFailingRunIsBadInputInOneLine() {
        ScenarioRunner runner = new ScenarioRunner(Catalog.standard());
        RunOutcome failing = java.util.stream.LongStream.range(0, 300)
                .mapToObj(seed -> runner.run(RunSpec.of("canary-no-recheck-lock", seed))).filter(RunOutcome::failed)
                .findFirst().orElseThrow();
        String failingLine = new ReproLine(failing.spec(), failing.digest()).toString();
        assertThat(Main.execute("4lw", failingLine, "--at", "100000s", "stat")).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).hasLineCount(1)
                .startsWith("zksim: --at 100000s is past the end of the run, which failed first, SAFETY_VIOLATION at ");
    }

    @Test
    void badWordsAndTimesBeyondTheRunAreReported() {
        assertThat(Main.execute("fourletter", line, "--at", "6s", "ruok")).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown four-letter word 'ruok'");
        assertThat(Main.execute("fourletter", line, "--at", "6s", "--server", "s9", "stat")).isEqualTo(Main.BAD_INPUT);
        err.reset();
        assertThat(Main.execute("fourletter", line, "--at", "1000s", "stat")).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("zksim: --at 1000s is past the end of the run, which ended at")
                .hasLineCount(1);
    }
}
