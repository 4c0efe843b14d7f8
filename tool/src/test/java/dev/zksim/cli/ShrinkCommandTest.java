package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code shrink --budget}: runs or seconds, a bad value is one line and exit 2, and the shrunk line replays. */
class ShrinkCommandTest extends CliTestSupport {

    @Test
    void aBadBudgetIsOneLineAndExitTwo() {
        for (String bad : new String[] {"0", "ten", "5m", "-1s"}) {
            err.reset();
            assertThat(Main.execute("shrink", "zksim4:lock-basic:1:-:-:0123456789abcdef", "--budget", bad)).as(bad).isEqualTo(2);
            assertThat(stderr().strip()).as(bad).contains("bad shrink budget").doesNotContain("\n");
        }
    }

    @Test
    void aBudgetOfRunsBoundsTheShrinkAndItsLineReplays() {
        RunOutcome failing = new ScenarioRunner(Catalog.standard()).run(RunSpec.of("canary-no-recheck-lock", 0));
        String original = new ReproLine(failing.spec(), failing.digest()).toString();
        assertThat(Main.execute("shrink", original, "--budget", "3")).isEqualTo(3);
        // Three candidates, and for a violation shrunk on prefixes one full run of the smallest.
        Matcher runs = Pattern.compile("in (\\d+) runs").matcher(stdout());
        assertThat(runs.find()).isTrue();
        assertThat(Integer.parseInt(runs.group(1))).isBetween(3, 4);
        Matcher shrunk = Pattern.compile("reproduce: \\./zksim replay (zksim4:\\S+)").matcher(stdout());
        assertThat(shrunk.find()).isTrue();
        out.reset();
        assertThat(Main.execute("replay", shrunk.group(1))).isEqualTo(3);
        assertThat(Main.execute("shrink", original, "--budget", "20s")).isEqualTo(3);
        assertThat(stdout()).contains("to 0 fault steps, 0 choices");
    }
}
