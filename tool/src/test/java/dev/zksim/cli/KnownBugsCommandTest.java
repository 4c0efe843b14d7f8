package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.zksim.server.zab.KnownBug;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class KnownBugsCommandTest extends CliTestSupport {

    @Test
    void theListNamesAllThirteenBugsAndWhetherThisBuildHasThem() {
        assertThat(Main.execute("known-bugs", "--list")).isZero();
        assertThat(stdout().lines().count()).isEqualTo(13);
        for (KnownBug bug : KnownBug.values()) {
            assertThat(stdout()).contains(bug.id(), bug.reintroduces());
        }
        assertThat(stdout()).containsPattern("ZOOKEEPER-1419 +implemented +zab-election-churn");
        for (KnownBug bug : missing()) {
            assertThat(stdout()).containsPattern(bug.id() + " +not implemented +-");
        }
    }

    /**
     * The short benchmark of ./zksim test: each implemented bug under the strategy that finds
     * it fastest, bounded by runs (so the table is the same on any machine), and its scenarios
     * without the bug under the same bound, which stay clean.
     */
    @Test
    void theShortBenchmarkFindsEveryImplementedBugByItsFastestStrategy() {
        assertThat(Main.execute("known-bugs", "--fastest", "--runs", "600", "--implemented-only"))
                .as(stdout() + stderr()).isZero();
        long implemented = KnownBug.values().length - missing().size();
        assertThat(stdout()).contains("found: " + implemented + " of " + implemented + " bugs run", "flag-off: clean",
                "| ZOOKEEPER-1419 | pct |");
        assertThat(stdout()).doesNotContain("| ZOOKEEPER-1419 | random |");
    }

    private static List<KnownBug> missing() {
        return Arrays.stream(KnownBug.values()).filter(bug -> !bug.implemented()).toList();
    }

    /**
     * One bug, random seeds only, from the seed that shows it: found on the first run with a
     * reproduce line that replays to the same violation; the flag-off cell stays clean; the
     * exit is 0 only because --implemented-only excuses the bugs this build lacks.
     */
    @Test
    void aShortRunFindsOneBugKeepsFlagOffCleanAndReplays() {
        assertThat(Main.execute("known-bugs", "--bug", "ZOOKEEPER-4643", "--strategies", "random", "--seed", "7",
                "--budget", "4s", "--implemented-only")).as(stdout() + stderr()).isZero();
        assertThat(stdout()).contains("| ZOOKEEPER-4643 | random | 1 |", "leader 3 of epoch 4 lacks committed",
                "| zab-sync-crash | random |", "found: 1 of 1 bugs run", "flag-off: clean",
                "not implemented yet (" + missing().size() + " of 13)");
        Matcher line = Pattern.compile("`\\./zksim replay (zksim4:\\S+)`").matcher(stdout());
        assertThat(line.find()).isTrue();
        assertThat(line.group(1)).startsWith("zksim4:zab-sync-crash+ZOOKEEPER-4643:7:");
        out.reset();
        assertThat(Main.execute("replay", line.group(1))).isEqualTo(3);
        assertThat(stdout()).contains("digest matches the reproduce line", "lacks committed");
    }

    @Test
    void missingBugsMakeTheExitNonZeroAndBadInputIsOneLineWithExitTwo() {
        assumeThat(missing()).as("every bug is implemented").isNotEmpty();
        assertThat(Main.execute("known-bugs", "--bug", "ZOOKEEPER-4643", "--strategies", "random", "--seed", "7",
                "--budget", "2s")).isEqualTo(1);
        assertThat(Main.execute("run", "lock-basic", "--bug", missing().getFirst().id())).isEqualTo(2);
        assertThat(stderr().lines().filter(l -> !l.isBlank() && l.startsWith("zksim:")).count()).isEqualTo(1);
    }

    @Test
    void badInputIsOneLineWithExitTwo() {
        assertThat(Main.execute("known-bugs", "--bug", "ZOOKEEPER-0")).isEqualTo(2);
        assertThat(Main.execute("known-bugs", "--strategies", "bfs")).isEqualTo(2);
        assertThat(Main.execute("known-bugs", "--runs", "0")).isEqualTo(2);
        assertThat(Main.execute("known-bugs", "--budget", "soon")).isEqualTo(2);
        assertThat(stderr().lines().filter(l -> !l.isBlank() && l.startsWith("zksim:")).count()).isEqualTo(4);
    }

    /** run and explore take --bug; the reproduce line names the bug, so a replay rebuilds the same model. */
    @Test
    void runAndExploreTakeTheBugIntoTheirReproduceLines() {
        assertThat(Main.execute("run", "zab-sync-crash", "--bug", "ZOOKEEPER-4643", "--seed", "7")).isEqualTo(3);
        assertThat(stdout()).contains("knob bugs: ZOOKEEPER-4643", "leader 3 of epoch 4 lacks committed",
                "zksim4:zab-sync-crash+ZOOKEEPER-4643:7:");
        out.reset();
        assertThat(Main.execute("run", "zab-sync-crash", "--seed", "7")).isZero();
        out.reset();
        assertThat(Main.execute("explore", "zab-election-churn", "--bug", "ZOOKEEPER-1419", "--strategy", "pct",
                "--faults", "4", "--budget", "200", "--no-shrink")).isEqualTo(3);
        assertThat(stdout()).contains("replaced its vote", "zksim4:zab-election-churn+ZOOKEEPER-1419:0:");
    }
}
