package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every case of the reliability issue, driven through the command line in this JVM: the
 * exit code, and for bad input exactly one line of error and never a stack trace.
 */
class ReliabilityCliTest extends CliTestSupport {

    @TempDir
    Path dir;

    /** stderr without the JVM's own warnings and the sweep's progress bar. */
    private List<String> errors() {
        return err.toString(StandardCharsets.UTF_8).lines()
                .filter(line -> !line.startsWith("WARNING:") && !line.startsWith("[")).toList();
    }

    /** Runs the command, expects bad input: exit 2, one line of error containing {@code message}, no trace. */
    private void badInput(String message, String... args) {
        out.reset();
        err.reset();
        assertThat(Main.execute(args)).as(String.join(" ", args)).isEqualTo(2);
        assertThat(errors()).as(String.join(" ", args)).singleElement().asString().startsWith("zksim: ").contains(message);
        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("\tat ").doesNotContain("internal error");
    }

    private String results() {
        return dir.resolve("failures.txt").toString();
    }

    @Test
    @Timeout(60)
    void aPlanNamingAProcessNoSeedCanHaveIsRejectedBeforeAnyRun() {
        badInput("names s9, which no run of ensemble-random-ops has",
                "run", "ensemble-random-ops", "--seeds", "3", "--faults", "at 1s crash s9", "--results", results());
        badInput("names c9", "run", "ensemble-random-ops", "--seed", "1", "--faults", "at 1s expire c9");
        assertThat(dir.resolve("failures.txt")).doesNotExist();
    }

    @Test
    @Timeout(60)
    void aPlanNamingAProcessOnlySomeSeedsHaveSkipsTheOthers() {
        assertThat(Main.execute("run", "ensemble-random-ops", "--seeds", "8", "--faults", "at 1s crash s4", "--results",
                results(), "--no-shrink")).isIn(0, 3, 4);
        assertThat(stdout()).containsPattern("ensemble-random-ops: \\d seeds? run, [1-9]\\d* skipped");
    }

    @Test
    void impossibleTimesAndContradictoryStepsAreRejectedBeforeAnyRun() {
        badInput("after the simulated-time bound", "run", "ensemble-random-ops", "--seed", "1",
                "--faults", "at 99999999999s crash s1");
        badInput("too large to represent", "run", "ensemble-random-ops", "--seed", "1",
                "--faults", "at 999999999999999999999s crash s1");
        badInput("contradict each other", "run", "ensemble-random-ops", "--seed", "1",
                "--faults", "at 2s crash s1; at 2s restart s1");
        badInput("'lag' applies to servers only", "run", "ensemble-random-ops", "--seed", "1", "--faults", "at 1s lag c1 for 2s");
        badInput("appears more than once in the partition", "run", "ensemble-random-ops", "--seed", "1",
                "--faults", "at 1s partition s1 | s1");
        badInput("appears more than once", "run", "ensemble-random-ops", "--seed", "1", "--faults", "at 1s partition s1 -> s1,s2");
    }

    @Test
    @Timeout(60)
    void aRunThatWouldNotEndIsCutAtItsBoundAndReportedAsARunaway() {
        assertThat(Main.execute("run", "ensemble-random-ops", "--seed", "1", "--max-events", "300")).isEqualTo(6);
        assertThat(stdout()).contains("result: RUNAWAY runaway run: reached the event bound of 300 events")
                .containsPattern("reproduce: ./zksim replay zksim4:ensemble-random-ops:1:-:-:[0-9a-f]{16}");
        out.reset();
        assertThat(Main.execute("run", "ensemble-random-ops", "--seed", "1", "--faults", "at 50000m heal",
                "--max-sim-time", "60000m", "--max-wall", "1")).isEqualTo(6);
        assertThat(stdout()).contains("RUNAWAY").contains("wall-clock bound");
    }

    @Test
    void overflowingAndEmptySeedRangesAreErrors() {
        badInput("go past the largest seed", "run", "ensemble-random-ops", "--seeds", "2", "--base", "9223372036854775807");
        badInput("go past the largest seed", "run", "ensemble-random-ops", "--seeds", "2", "--seed", "9223372036854775807");
        badInput("go past the largest seed", "check-determinism", "ensemble-random-ops", "--seed", "9223372036854775807",
                "--seeds", "2");
        badInput("checks nothing", "check-determinism", "ensemble-random-ops", "--seeds", "0");
        badInput("checks nothing", "check-determinism", "ensemble-random-ops", "--seeds", "-1");
        badInput("--seeds must be at least 1", "run", "ensemble-random-ops", "--seeds", "0");
        badInput("99999999999", "run", "ensemble-random-ops", "--seeds", "99999999999");
        badInput("malformed seed", "run", "ensemble-random-ops", "--seed", "0x1ffffffffffffffff");
        badInput("give the first seed once", "run", "ensemble-random-ops", "--seeds", "2", "--seed", "1", "--base", "1");
    }

    @Test
    void shardsAreNumberedFromOneAndBadOnesAreOneLine() {
        badInput("malformed shard '0/4'", "run", "ensemble-random-ops", "--seeds", "4", "--shard", "0/4");
        badInput("malformed shard '5/4'", "run", "ensemble-random-ops", "--seeds", "4", "--shard", "5/4");
        badInput("malformed shard 'x'", "run", "ensemble-random-ops", "--seeds", "4", "--shard", "x");
        badInput("apply to sweeps", "run", "ensemble-random-ops", "--seed", "4", "--shard", "2/4");
    }

    @Test
    void unwritableOutputPathsAreOneLineBeforeAnyWork() throws IOException {
        Path blocker = Files.writeString(dir.resolve("blocker"), "a file where a folder should be");
        badInput("cannot write results to " + blocker.resolve("failures.txt"),
                "run", "ensemble-random-ops", "--seeds", "2", "--results", blocker.resolve("failures.txt").toString());
        badInput("cannot write", "run", "ensemble-random-ops", "--seeds", "2", "--results", results(),
                "--jsonl", blocker.resolve("x.jsonl").toString());
        badInput("cannot write the JUnit report", "run", "ensemble-random-ops", "--seeds", "2", "--results", results(),
                "--junit", dir.toString());
        String line = "zksim4:ensemble-random-ops:3:-:-:0000000000000000";
        badInput("--json: cannot write", "replay", line, "--json", blocker.resolve("t.jsonl").toString());
        badInput("--html: cannot write", "replay", line, "--html", dir.toString());
        badInput("at least three different counts", "herd-report", "--clients", "2,4");
        badInput("--out: cannot write into", "herd-report", "--clients", "2,4,8", "--out", blocker.resolve("herd").toString());
        assertThat(stdout()).doesNotContain("herd report written");
    }

    @Test
    @Timeout(60)
    void replayRefusesMalformedLinesAndComparesDigestsInFull() {
        assertThat(Main.execute("run", "ensemble-random-ops", "--seed", "3")).isZero();
        String digest = stdout().lines().filter(l -> l.startsWith("digest: ")).findFirst().orElseThrow().substring(8);
        badInput("malformed checksum 'zz'", "replay", "zksim4:ensemble-random-ops:3:-:-:" + digest.substring(0, 16) + ":zz");
        badInput("malformed digest '" + digest.charAt(0) + "'", "replay", "zksim4:ensemble-random-ops:3:-:-:" + digest.charAt(0));
        badInput("unknown scenario", "replay", "zksim4:no-such-scenario:3:-:-:" + digest.substring(0, 16));
        badInput("corrupt", "replay", "zksim4:ensemble-random-ops:3:-:AAAA:" + digest.substring(0, 16));
        out.reset();
        assertThat(Main.execute("replay", "zksim4:ensemble-random-ops:3:-:-:" + digest)).isZero();
        assertThat(stdout()).contains("digest matches the reproduce line");
    }

    @Test
    @Timeout(60)
    void seedIsTheFirstSeedOfASweepAndBaseItsOldName() {
        assertThat(Main.execute("run", "ensemble-random-ops", "--seed", "5", "--seeds", "2", "--results", results(),
                "--jsonl", dir.resolve("a.jsonl").toString())).isZero();
        assertThat(Main.execute("run", "ensemble-random-ops", "--base", "5", "--seeds", "2", "--results", results(),
                "--jsonl", dir.resolve("b.jsonl").toString())).isZero();
        assertThat(stdout()).contains("ensemble-random-ops: 2 seeds run, 0 skipped, 0 failures");
        assertThat(dir.resolve("a.jsonl")).content().contains("\"first_seed\":5,\"count\":2");
        assertThat(dir.resolve("b.jsonl")).content().contains("\"first_seed\":5,\"count\":2");
    }

    @Test
    void everyCommandPrintsItsVersion() {
        for (String command : List.of("run", "replay", "shrink", "check-determinism", "conformance", "bench", "demo", "list",
                "herd-report", "merge", "fourletter", "test")) {
            out.reset();
            assertThat(Main.execute(command, "-V")).as(command).isZero();
            assertThat(stdout().trim()).as(command).isEqualTo(VersionProvider.VERSION);
        }
    }

    @Test
    @Timeout(120)
    void shardsMergedReportExactlyWhatTheUnshardedSweepReports() {
        String scenario = "canary-no-recheck-lock";
        Path whole = dir.resolve("whole.jsonl");
        assertThat(Main.execute("run", scenario, "--seeds", "16", "--threads", "2", "--no-shrink", "--results", results(),
                "--jsonl", whole.toString())).isNotEqualTo(2);
        for (int shard = 1; shard <= 4; shard++) {
            assertThat(Main.execute("run", scenario, "--seeds", "16", "--threads", "2", "--no-shrink", "--shard", shard + "/4",
                    "--results", results(), "--jsonl", dir.resolve("shard-" + shard + ".jsonl").toString())).isNotEqualTo(2);
        }
        out.reset();
        int wholeCode = Main.execute("merge", whole.toString(), "--junit", dir.resolve("whole.xml").toString());
        List<String> wholeReport = report();
        out.reset();
        int shardsCode = Main.execute("merge", dir.resolve("shard-1.jsonl").toString(), dir.resolve("shard-2.jsonl").toString(),
                dir.resolve("shard-3.jsonl").toString(), dir.resolve("shard-4.jsonl").toString());
        List<String> shardsReport = report();
        assertThat(shardsReport).isEqualTo(wholeReport);
        assertThat(shardsCode).isEqualTo(wholeCode);
        assertThat(wholeReport.getFirst()).startsWith(scenario + ": 16 seeds run, 0 skipped");
        // The canary breaks exclusion in some of 16 seeds: merge must say so and fail.
        assertThat(wholeReport).anyMatch(line -> line.startsWith("FAILED " + scenario + " seed "));
        assertThat(wholeCode).isEqualTo(3);
        assertThat(dir.resolve("whole.xml")).content().contains("<testsuite name=\"zksim." + scenario + "\"")
                .contains("<failure type=\"SAFETY_VIOLATION\"");
        out.reset();
        assertThat(Main.execute("merge", dir.resolve("shard-1.jsonl").toString())).isNotZero();
        assertThat(stdout()).contains("INCOMPLETE: shard 2/4 of " + scenario);
    }

    private List<String> report() {
        return stdout().lines().filter(line -> !line.startsWith("merged ") && !line.startsWith("JUnit")).toList();
    }

    @Test
    void mergeRejectsWhatIsNotResultsInOneLine() throws IOException {
        Path junk = Files.writeString(dir.resolve("junk.jsonl"), "{\"type\":\"summary\"}\nnot json\n");
        badInput("junk.jsonl:1", "merge", junk.toString());
        badInput("cannot read", "merge", dir.resolve("missing.jsonl").toString());
        Path empty = Files.writeString(dir.resolve("empty.jsonl"), "");
        badInput("no sweep results", "merge", empty.toString());
    }
}
