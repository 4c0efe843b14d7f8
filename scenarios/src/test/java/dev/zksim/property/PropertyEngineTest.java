package dev.zksim.property;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.FailureKind;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** The engine finds, shrinks and reproduces a known bug, and its line round-trips. */
class PropertyEngineTest {
    private final ScenarioCatalog catalog = new ScenarioCatalog().add(new LostUpdateScenario());
    private final ScenarioRunner runner = new ScenarioRunner(catalog);

    @SimulationProperty(seeds = 30)
    void theLostUpdateBugIsFoundAndShrunkToTwoClientsAndNoFaults(Seeds seeds) {
        PropertyCheck.Counterexample counterexample = seeds.expectFailure(catalog, "test-lost-update");
        assertThat(counterexample.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(counterexample.minimal().plan().steps()).isEmpty();
        assertThat(counterexample.minimal().knobs()).contains("clients: 2", "increments per client: 1");
        assertThat(counterexample.describe()).contains("reproduce: ./zksim replay zksim4:test-lost-update:");
    }

    @Test
    void theReproduceLineReplaysTheMinimalCaseExactly() {
        PropertyCheck.Counterexample counterexample = new PropertyCheck(runner).check("test-lost-update", 0, 30, true).orElseThrow();
        ReproLine line = ReproLine.parse(counterexample.line().toString());
        RunOutcome replay = runner.run(line.spec());
        assertThat(replay.failed()).isTrue();
        assertThat(line.matches(replay.digest())).isTrue();
        assertThat(replay.digest()).isEqualTo(counterexample.minimal().digest());
    }

    @Test
    void shrinkingAMinimalCaseAgainCostsAtMostOneRoundOfEditsNotItsBudget() {
        PropertyCheck.Counterexample counterexample = new PropertyCheck(runner).check("test-lost-update", 0, 30, true).orElseThrow();
        Shrinker shrinker = new Shrinker(runner, 10_000);
        RunOutcome again = shrinker.shrink(counterexample.minimal());
        assertThat(Shrinker.size(again)).isEqualTo(Shrinker.size(counterexample.minimal()));
        int total = counterexample.minimal().choices().size();
        assertThat(shrinker.runs()).as("at most a deletion, a zero and a half per draw, each tried once")
                .isLessThanOrEqualTo(4 * total + counterexample.minimal().plan().steps().size() + 1).isLessThan(10_000);
    }

    @Test
    void anUnshrunkFailureReproducesFromScenarioAndSeedAlone() {
        PropertyCheck.Counterexample counterexample = new PropertyCheck(runner).check("test-lost-update", 0, 30, false).orElseThrow();
        String line = counterexample.line().toString();
        assertThat(line).matches("zksim4:test-lost-update:[0-9a-f]+:-:-:[0-9a-f]{16}:[0-9a-f]{8}");
        RunOutcome replay = runner.run(ReproLine.parse(line).spec());
        assertThat(replay.digest()).isEqualTo(counterexample.original().digest());
    }

    @Test
    void aLineCarriesAChecksumThatCatchesAnEditAndOldLinesStillParse() {
        ReproLine line = new ReproLine(dev.zksim.scenario.RunSpec.of("lock-basic", 42), "0123456789abcdef0123456789abcdef");
        String text = line.toString();
        assertThat(text).matches("zksim4:lock-basic:2a:-:-:0123456789abcdef:[0-9a-f]{8}");
        ReproLine back = ReproLine.parse(text);
        assertThat(back.checksummed()).isTrue();
        assertThat(back.spec()).isEqualTo(line.spec());
        assertThat(back.toString()).isEqualTo(text);
        for (String edited : new String[] {text.replace(":2a:", ":2b:"), text.replace("0123456789abcdef", "0123456789abcdee"),
                text.replace("lock-basic", "lock-basis")}) {
            assertThatThrownBy(() -> ReproLine.parse(edited)).as(edited)
                    .hasMessageContaining("this reproduce line was edited or damaged in copying").hasMessageNotContaining("\n");
        }
        // A zksim3 line was recorded when runs went on to their scheduled end after going idle.
        ReproLine old = ReproLine.parse("zksim3:lock-basic:2a:-:-:0123456789abcdef");
        assertThat(old.checksummed()).isFalse();
        assertThat(old.spec()).isEqualTo(line.spec().endingWhenIdle(false));
    }

    @Test
    void malformedLinesAreOneLineErrors() {
        assertThatThrownBy(() -> ReproLine.parse("nonsense")).hasMessageContaining("malformed reproduce line");
        assertThatThrownBy(() -> ReproLine.parse("zksim1:x:1:-:-:ab"))
                .hasMessageContaining("zksim1 reproduce line comes from an older zksim").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> ReproLine.parse("zksim2:lock-basic:2a:-:-:3f9c0e1d2b4a5968"))
                .hasMessageContaining("zksim2 reproduce line comes from an older zksim")
                .hasMessageContaining("get a zksim4 line").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> ReproLine.parse("zksim3:x:zz:-:-:ab")).hasMessageContaining("malformed seed 'zz'");
        assertThatThrownBy(() -> ReproLine.parse("zksim3:x:1:@@@:-:ab")).hasMessageContaining("corrupt data");
        assertThatThrownBy(() -> runner.run(ReproLine.parse("zksim3:nope:1:-:-:00000000000000ab").spec()))
                .hasMessageContaining("unknown scenario 'nope'");
        // A digest is compared in full: a short prefix cannot pass for a match.
        assertThatThrownBy(() -> ReproLine.parse("zksim3:x:1:-:-:ab")).hasMessageContaining("malformed digest 'ab'");
    }
}
