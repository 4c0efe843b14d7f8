package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reproduce line replayed after the code changed: an edited line (its checksum fails) is
 * refused by replay, shrink and 4lw alike, while a line recorded against other code (its
 * digest differs, its checksum holds) is run, and the user is told plainly whether the run
 * now passes or how it fails, with the usual exit codes.
 */
@Timeout(120)
class ReplayAfterChangeTest extends CliTestSupport {
    private static final String PASSING = "ensemble-random-ops";
    /** A digest no run has: what the line of a run before a code change carries, as far as this code is concerned. */
    private static final String OTHER_DIGEST = "0123456789abcdef";
    private static String digest;
    private static RunSpec failing;

    @BeforeAll
    static void runs() {
        ScenarioRunner runner = new ScenarioRunner(Catalog.standard());
        digest = runner.run(RunSpec.of(PASSING, 3)).digest();
        failing = LongStream.range(0, 300).mapToObj(seed -> runner.run(RunSpec.of("canary-no-recheck-lock", seed)))
                .filter(RunOutcome::failed).findFirst().orElseThrow().spec();
    }

    private int execute(String... args) {
        out.reset();
        err.reset();
        return Main.execute(args);
    }

    @Test
    void aLineFromThisCodeMatches() {
        assertThat(execute("replay", new ReproLine(RunSpec.of(PASSING, 3), digest).toString())).isZero();
        assertThat(stdout()).contains("digest matches the reproduce line").doesNotContain("other code");
    }

    /** A line too long to print whole is kept in a file, and {@code replay @FILE} reads it from there. */
    @Test
    void aLineKeptInAFileReplaysFromIt(@TempDir Path folder) throws IOException {
        Path file = Files.writeString(folder.resolve("run.line"), new ReproLine(RunSpec.of(PASSING, 3), digest) + "\n");
        assertThat(execute("replay", "@" + file)).isZero();
        assertThat(stdout()).contains("digest matches the reproduce line");
    }

    @Test
    void anEditedLineIsRefusedInOneLineByReplayShrinkAndFourLetterWords() {
        String line = new ReproLine(RunSpec.of(PASSING, 3), digest).toString();
        String edited = line.replace(PASSING + ":3:", PASSING + ":4:");
        assertThat(edited).isNotEqualTo(line);
        for (String[] command : new String[][] {{"replay", edited}, {"shrink", edited}, {"4lw", edited, "--at", "1s", "stat"}}) {
            assertThat(execute(command)).as(command[0]).isEqualTo(Main.BAD_INPUT);
            assertThat(stderr()).as(command[0]).hasLineCount(1)
                    .contains("this reproduce line was edited or damaged in copying");
            assertThat(stdout()).as(command[0]).isEmpty();
        }
    }

    @Test
    void aPassingLineOfOtherCodeSaysTheRunNowPasses() {
        String line = new ReproLine(RunSpec.of(PASSING, 3), OTHER_DIGEST).toString();
        assertThat(execute("replay", line)).isZero();
        assertThat(stdout()).contains("this line was recorded against other code (digest differs: the line has "
                + OTHER_DIGEST + ", this code runs it, twice alike, to " + digest.substring(0, 16)
                + "): your code, a library on the class path (another Curator release, say) or zksim changed since")
                .contains("the run now passes").contains("result: passed");
        assertThat(stderr()).isEmpty();
        assertThat(execute("shrink", line)).isZero();
        assertThat(stdout()).contains("recorded against other code").contains("the run now passes; there is nothing to shrink");
    }

    @Test
    void aFailingLineOfOtherCodeSaysHowItFailsAndExitsWithItsCode() {
        String line = new ReproLine(failing, OTHER_DIGEST).toString();
        assertThat(execute("replay", line)).isEqualTo(3);
        assertThat(stdout()).contains("this line was recorded against other code").contains("the run now fails: SAFETY_VIOLATION");
        assertThat(execute("shrink", line)).isEqualTo(3);
        assertThat(stdout()).contains("recorded against other code").contains("shrunk from");
    }

    @Test
    void anOldLineWithoutChecksumStillReplaysAndSaysWhatItCannotTell() {
        assertThat(execute("replay", "zksim3:" + PASSING + ":3:-:-:" + digest.substring(0, 16))).isZero();
        assertThat(stdout()).contains("digest matches the reproduce line");
        assertThat(execute("replay", "zksim3:" + PASSING + ":3:-:-:" + OTHER_DIGEST)).isZero();
        assertThat(stdout()).contains("recorded against other code, or edited (a line from an older zksim carries no checksum")
                .contains("the run now passes");
    }
}
