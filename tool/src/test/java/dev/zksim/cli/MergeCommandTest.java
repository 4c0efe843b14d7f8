package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * merge as shards really end: a file given twice or a shard reported twice is refused (its
 * seeds would be counted twice), and a shard killed before its summary is named as killed,
 * not missing, with its findings shown.
 */
@Timeout(120)
class MergeCommandTest extends CliTestSupport {
    private static final String SCENARIO = "canary-no-recheck-lock";

    @TempDir
    Path dir;

    private Path shard1;
    private Path shard2;

    @BeforeEach
    void twoShards() {
        shard1 = shard(1);
        shard2 = shard(2);
        out.reset();
        err.reset();
    }

    private Path shard(int index) {
        Path file = dir.resolve("shard-" + index + ".jsonl");
        assertThat(Main.execute("run", SCENARIO, "--seeds", "40", "--threads", "1", "--no-shrink", "--shard", index + "/2",
                "--results", dir.resolve("failures.txt").toString(), "--jsonl", file.toString())).isIn(0, 3, 4);
        return file;
    }

    private int merge(Path... files) {
        out.reset();
        err.reset();
        return Main.execute(java.util.stream.Stream.concat(java.util.stream.Stream.of("merge"),
                java.util.Arrays.stream(files).map(Path::toString)).toArray(String[]::new));
    }

    @Test
    void bothShardsMergeToEveryFindingAndAStartLineOpensEachFile() throws IOException {
        assertThat(Files.readAllLines(shard1).getFirst()).startsWith("{\"type\":\"start\"").contains("\"shard\":\"1/2\"");
        assertThat(merge(shard1, shard2)).isEqualTo(3);
        assertThat(stdout()).startsWith(SCENARIO + ": 40 seeds run, 0 skipped, ").doesNotContain("INCOMPLETE");
    }

    @Test
    void aFileGivenTwiceIsRefusedInOneLine() {
        assertThat(merge(shard1, shard2, shard1)).isEqualTo(Main.BAD_INPUT);
        assertThat(stderr()).hasLineCount(1).contains(shard1 + " is given twice");
        assertThat(stdout()).isEmpty();
        assertThat(merge(shard1, dir.resolve(".").resolve(shard1.getFileName()))).isEqualTo(Main.BAD_INPUT);
        assertThat(stderr()).contains("is given twice");
    }

    @Test
    void aShardInTwoFilesIsRefusedInOneLine() throws IOException {
        Path copy = Files.copy(shard1, dir.resolve("copy-of-shard-1.jsonl"));
        assertThat(merge(shard1, shard2, copy)).isEqualTo(Main.BAD_INPUT);
        assertThat(stderr()).hasLineCount(1).contains("shard 1/2 of " + SCENARIO + " seeds 0+40 is reported twice");
    }

    @Test
    void aKilledShardIsNamedAsKilledAndItsFindingsAreShown() throws IOException {
        List<String> lines = Files.readAllLines(shard2);
        List<String> findings = lines.stream().filter(line -> line.startsWith("{\"type\":\"finding\"")).toList();
        assertThat(findings).as("the canary fails on some of shard 2's seeds").isNotEmpty();
        // A kill leaves the start line and the findings so far, and no summary.
        Path killed = Files.write(dir.resolve("killed.jsonl"),
                lines.stream().filter(line -> !line.startsWith("{\"type\":\"summary\"")).toList());
        assertThat(merge(shard1, killed)).isEqualTo(3);
        assertThat(stdout()).contains("INCOMPLETE: shard 2/2 of " + SCENARIO + " seeds 0+40 was killed before its summary")
                .doesNotContain("is missing");
        String seed = findings.getFirst().replaceAll(".*\"seed\":(\\d+).*", "$1");
        assertThat(stdout()).contains("FAILED " + SCENARIO + " seed " + seed);
        // Killed alone, it still reports what it found instead of "no summary".
        assertThat(merge(killed)).isEqualTo(3);
        assertThat(stdout()).contains("was killed before its summary").contains("FAILED " + SCENARIO + " seed " + seed);
    }

    @Test
    void aShardKilledAndRunAgainToTheSameFileIsComplete() throws IOException {
        List<String> lines = Files.readAllLines(shard2);
        List<String> killedRun = lines.stream().filter(line -> !line.startsWith("{\"type\":\"summary\"")).toList();
        Path again = dir.resolve("again.jsonl");
        Files.write(again, killedRun);
        Files.write(again, lines, java.nio.file.StandardOpenOption.APPEND);
        assertThat(merge(shard1, again)).isEqualTo(3);
        assertThat(stdout()).doesNotContain("INCOMPLETE");
        assertThat(stdout().lines().filter(line -> line.startsWith("FAILED ")).distinct().count())
                .isEqualTo(stdout().lines().filter(line -> line.startsWith("FAILED ")).count());
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
