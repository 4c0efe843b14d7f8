package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sweeps a user stops early: at the first failure, or when a time budget is spent. */
class EarlyStopTest extends CliTestSupport {

    @TempDir
    Path dir;

    private int seedsRun() {
        Matcher matcher = Pattern.compile("(\\d+) seeds? run").matcher(out.toString(StandardCharsets.UTF_8));
        assertThat(matcher.find()).as(out.toString(StandardCharsets.UTF_8)).isTrue();
        return Integer.parseInt(matcher.group(1));
    }

    @Test
    void stopAtFirstEndsAfterTheFirstFailureAndStillShrinksIt() {
        int code = Main.execute("run", "canary-no-recheck-lock", "--seeds", "300", "--threads", "2", "--stop-at-first",
                "--results", dir.resolve("failures.txt").toString());
        assertThat(code).isEqualTo(3);
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("stopped early (--stop-at-first").contains("first failure:").contains("shrunk from");
        assertThat(seedsRun()).isLessThan(300);
        // The seeds cut short are counted as such, not as "skipped", which means a fault plan that did not apply.
        assertThat(printed).contains(" 0 skipped, ");
        Matcher notRun = Pattern.compile("(\\d+) seeds? not run after the first failure").matcher(printed);
        assertThat(notRun.find()).as(printed).isTrue();
        assertThat(Integer.parseInt(notRun.group(1)) + seedsRun()).isEqualTo(300);
    }

    @Test
    void aTimeBudgetEndsTheSweepAndItPassesOnWhatItRan() {
        int code = Main.execute("run", "lock-basic", "--seeds", "1000000", "--threads", "1", "--for", "1s",
                "--results", dir.resolve("failures.txt").toString());
        assertThat(code).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).containsPattern("stopped early \\(--for: the time budget is spent\\): \\d+ seeds? not run");
        assertThat(seedsRun()).isBetween(1, 999_999);
    }

    @Test
    void aBudgetThatIsNotADurationIsOneLine() {
        assertThat(Main.execute("run", "lock-basic", "--seeds", "10", "--for", "0s")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines().count()).isEqualTo(1);
    }
}
