package dev.zksim.property;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.choice.ChoiceLog;
import dev.zksim.property.ChoiceEdits.Position;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parts the shrinker is made of: the choice encoding, the edits, the budget and the failure signature. */
class ShrinkPartsTest {

    @Test
    void everyKindOfDrawSurvivesTheEncodingAndCoarsenedDrawsAreShort() {
        long[] values = {0, 1, 63, 64, 300, 5L << 49, (1L << 53) - 1, 1L << 62, Long.MAX_VALUE - 1, 0};
        ChoiceLog log = new ChoiceLog();
        for (long value : values) {
            log.append("net/s1", Long.MAX_VALUE, value);
        }
        log.append("knobs", 4, 3);
        ChoiceLog decoded = ChoiceCodec.decode(ChoiceCodec.encode(log));
        assertThat(decoded.labels()).containsExactly("net/s1", "knobs");
        assertThat(decoded.values("net/s1")).containsExactly(values);
        assertThat(decoded.values("knobs")).containsExactly(3);
        assertThat(ChoiceCodec.tokenBytes(0)).isEqualTo(1);
        assertThat(ChoiceCodec.tokenBytes(5L << 49)).as("a coarsened 53-bit draw").isEqualTo(2);
        assertThat(ChoiceCodec.tokenBytes((1L << 53) - 1)).isEqualTo(8);
    }

    @Test
    void linesOfTheEarlierEncodingStillParse() {
        // zksim3:lock-basic with the choices {knobs=[2, 0, 1]} written as before: an int count of
        // streams, the label, an int count of draws, LEB128 draws; deflated, base64url.
        // A six-field line (no checksum), as lines were printed then.
        String earlier = "zksim3:lock-basic:1:-:eNpjYGBgZGDNzstPKmZgYGBmYmAEABWTAio:0123456789abcdef";
        ChoiceLog log = ReproLine.parse(earlier).spec().choices();
        assertThat(log.values("knobs")).containsExactly(2, 0, 1);
    }

    @Test
    void editsSeeAllStreamsAsOneListAndTrimmingDropsTrailingZeros() {
        ChoiceLog log = new ChoiceLog();
        log.append("a", 10, 0);
        log.append("a", 10, 7);
        log.append("b", 10, 5);
        log.append("b", 10, 0);
        List<Position> nonZero = ChoiceEdits.nonZero(log);
        assertThat(nonZero).containsExactly(new Position("a", 1), new Position("b", 0));
        ChoiceLog zeroed = ChoiceEdits.map(log, nonZero.subList(1, 2), value -> 0);
        assertThat(zeroed.values("b")).containsExactly(0, 0);
        ChoiceLog trimmed = ChoiceEdits.trimmed(zeroed);
        assertThat(trimmed.labels()).containsExactly("a");
        assertThat(trimmed.values("a")).containsExactly(0, 7);
        assertThat(ChoiceEdits.delete(log, List.of(new Position("a", 0))).values("a")).containsExactly(7);
        assertThat(ChoiceEdits.topBits(0b1011_0111, 3)).isEqualTo(0b1010_0000);
        assertThat(ChoiceEdits.topBits(5, 3)).isEqualTo(5);
    }

    @Test
    void aBudgetIsRunsOrSecondsAndAnythingElseIsAOneLineError() {
        assertThat(ShrinkBudget.parse("400")).isEqualTo(ShrinkBudget.runs(400));
        assertThat(ShrinkBudget.parse("5s")).isEqualTo(ShrinkBudget.millis(5000));
        assertThat(ShrinkBudget.parse("0.5s")).isEqualTo(ShrinkBudget.millis(500));
        for (String bad : List.of("0", "-3", "5m", "s", "", "1e3", "0s", "99999999999")) {
            assertThatThrownBy(() -> ShrinkBudget.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("bad shrink budget").hasMessageNotContaining("\n");
        }
        ShrinkBudget runs = ShrinkBudget.runs(3);
        assertThat(runs.spent(2, 0, Long.MAX_VALUE)).as("a run budget ignores the clock").isFalse();
        assertThat(runs.spent(3, 0, 0)).isTrue();
        ShrinkBudget time = ShrinkBudget.millis(10);
        assertThat(time.spent(1_000_000, 0, 9_999_999)).isFalse();
        assertThat(time.spent(0, 0, 10_000_000)).isTrue();
    }

    @Test
    void aSafetySignatureNamesItsCheckerAndALivenessOneOnlyItsKind() {
        FailureSignature herd = FailureSignature.of(SimulationFailure.safety(1_000, "no herd: c2 woke 3 waiters"));
        FailureSignature exclusion = FailureSignature.of(SimulationFailure.safety(5_000, "mutual exclusion (believed): c1 and c2"));
        assertThat(herd).isEqualTo(new FailureSignature(FailureKind.SAFETY_VIOLATION, "no herd"));
        assertThat(exclusion.checker()).isEqualTo("mutual exclusion (believed)");
        assertThat(FailureSignature.of(SimulationFailure.liveness(9, "liveness: c1 waits")))
                .isEqualTo(FailureSignature.of(SimulationFailure.liveness(10, "progress: c2 waits")));
    }
}
