package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExploreCommandTest extends CliTestSupport {

    @TempDir
    Path folder;

    @Test
    void theBasicLockInSmallScopeIsCompleteWithinBounds() {
        assertThat(Main.execute("explore", "lock-basic", "--strategy", "dfs")).isZero();
        assertThat(stdout()).contains("lock-basic, dfs:", "distinct states", "states/s", "deepest level",
                "complete within bounds", "bounds: at most 1 deviation from the default choices, any depth, 2 delay buckets,"
                        + " at most 1 fault", "goals reached:");
    }

    /**
     * A clean exploration that could not have found what it checks says so, in a sentence per
     * limit, before it exits 0: here no fault, and two clients for a herd check that needs three.
     */
    @Test
    void aCleanExplorationSaysWhatItsScopeCannotReach() throws IOException {
        Path report = folder.resolve("scope.html");
        assertThat(Main.execute("explore", "lock-basic", "--strategy", "pct", "--faults", "0", "--budget", "3",
                "--html", report.toString())).isZero();
        assertThat(stdout()).contains("scope: no fault strikes in this scope (--faults 0): no client is disconnected",
                "scope: with 2 clients a release has at most one waiter to wake, so the herd check cannot fail",
                "scope: goals never reached within these bounds: ");
        assertThat(Files.readString(report)).contains("<h2>Out of this scope</h2>", "the herd check cannot fail");
    }

    /** A violation exits like run (3 for safety) with a reproduce line that replay accepts and draws. */
    @Test
    void aViolationPrintsAReproduceLineThatReplays() throws IOException {
        Path report = folder.resolve("explore.html");
        assertThat(Main.execute("explore", "canary-no-recheck-lock", "--strategy", "pct", "--html", report.toString()))
                .isEqualTo(3);
        Matcher line = Pattern.compile("reproduce: \\./zksim replay (zksim4:\\S+)").matcher(stdout());
        assertThat(line.find()).as(stdout()).isTrue();
        assertThat(Files.readString(report)).contains("<svg", "First counterexample", line.group(1));
        out.reset();
        Path diagram = folder.resolve("replay.html");
        assertThat(Main.execute("replay", line.group(1), "--html", diagram.toString())).isEqualTo(3);
        assertThat(stdout()).contains("digest matches the reproduce line", "mutual exclusion");
        assertThat(diagram).exists();
    }

    @Test
    void badInputIsOneLineAndExitCodeTwo() {
        assertThat(Main.execute("explore")).isEqualTo(2);
        assertThat(Main.execute("explore", "lock-basic", "--strategy", "bfs")).isEqualTo(2);
        assertThat(Main.execute("explore", "lock-basic", "--budget", "soon")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).count()).isEqualTo(3);
    }
}
