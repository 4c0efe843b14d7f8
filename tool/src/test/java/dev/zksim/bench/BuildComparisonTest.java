package dev.zksim.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The A/B harness loads a build from a class path of its own and compares verdicts seed by
 * seed: the same build on both sides agrees everywhere; it names the JVM and its flags, then
 * measures the model's cost per event in each build beside that build's kernel floor; and a bad
 * command line is exit 2.
 */
class BuildComparisonTest {

    /** What a run of the harness printed, and its exit code. */
    private record Printed(int code, String text) {
    }

    private static Printed run(String... args) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            int code = BuildComparison.run(args);
            return new Printed(code, captured.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(original);
        }
    }

    @Test
    void aBuildComparedWithItselfAgreesOnEverySeed() throws Exception {
        String classpath = System.getProperty("java.class.path");
        Printed run = run("verdicts", classpath, classpath, "0", "3", "lock-basic", "canary-no-recheck-lock");
        String printed = run.text();
        assertThat(run.code()).isZero();
        assertThat(printed).contains("lock-basic", "canary-no-recheck-lock", "3 seeds")
                .contains("2 scenarios x 3 seeds from 0: every verdict and every goal the same");
        assertThat(printed).containsPattern("canary-no-recheck-lock +3 seeds, [1-3] failed, 0 disagree");
    }

    @Test
    void theModelsCostPerEventIsMeasuredInEachBuildBesideItsOwnFloor() throws Exception {
        String classpath = System.getProperty("java.class.path");
        Printed run = run("events", classpath, classpath, "1/2/1", "3", "2");
        String printed = run.text();
        assertThat(run.code()).isZero();
        assertThat(printed).startsWith("JVM " + Runtime.version() + ", flags: ")
                .containsPattern("kernel floors: base \\d+ ns, candidate \\d+ ns an event")
                .containsPattern("1/2/1 lock +base \\d+ ns an event \\([0-9.]+x its floor\\), candidate \\d+ ns"
                        + " \\([0-9.]+x its floor, [0-9.]+x the base's\\), ratio [0-9.]+ \\(rounds [0-9.]+ to [0-9.]+\\)");
    }

    @Test
    void aBadCommandLineIsExitTwo() throws Exception {
        assertThat(BuildComparison.run(new String[] {"verdicts", "x"})).isEqualTo(2);
        assertThat(BuildComparison.run(new String[] {"speed", "a", "b", "c", "d", "e"})).isEqualTo(2);
        assertThat(BuildComparison.run(new String[] {"events", "a", "b", "1/10/20"})).isEqualTo(2);
    }
}
