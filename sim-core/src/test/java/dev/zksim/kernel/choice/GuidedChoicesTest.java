package dev.zksim.kernel.choice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GuidedChoicesTest {

    @Test
    void everyStreamAsksTheOneGuideWithItsLabelPath() {
        List<String> asked = new ArrayList<>();
        GuidedChoices root = new GuidedChoices((label, bound) -> {
            asked.add(label + ":" + bound);
            return bound - 1;
        });
        assertThat(root.stream("net").stream("s1>c1").draw(10)).isEqualTo(9);
        assertThat(root.stream("knobs").draw(3)).isEqualTo(2);
        assertThat(root.draw(2)).isEqualTo(1);
        assertThat(asked).containsExactly("net/s1>c1:10", "knobs:3", ":2");
    }

    @Test
    void aGuideAnswerOutsideTheBoundIsAnError() {
        GuidedChoices root = new GuidedChoices((label, bound) -> bound);
        assertThatThrownBy(() -> root.draw(4)).isInstanceOf(IllegalStateException.class).hasMessageContaining("outside");
    }

    @Test
    void smallScopeSpreadsFewOrderedAlternativesOverTheRange() {
        SmallScope scope = new SmallScope(3, List.of("knobs"));
        assertThat(scope.alternatives("net/s1>c1", 1_000)).isEqualTo(3);
        assertThat(scope.alternatives("net/s1>c1", 2)).isEqualTo(2);
        assertThat(scope.alternatives("knobs", 1_000)).isEqualTo(1);
        assertThat(scope.alternatives("knobs/extra", 1_000)).isEqualTo(1);
        assertThat(scope.alternatives("knobsy", 1_000)).isEqualTo(3);
        assertThat(List.of(SmallScope.value(901, 0, 3), SmallScope.value(901, 1, 3), SmallScope.value(901, 2, 3)))
                .containsExactly(0L, 450L, 900L);
        assertThat(SmallScope.value(2, 1, 2)).isEqualTo(1);
        long huge = 1L << 53;
        assertThat(SmallScope.value(huge, 1, 2)).isEqualTo(huge - 1);
    }

    @Test
    void aSmallScopeDelayKeepsItsDistributionsRange() {
        Distribution uniform = new Distribution.Uniform(100, 1_000);
        SmallScope scope = SmallScope.DEFAULT;
        List<Long> delays = new ArrayList<>();
        for (int index = 0; index < 2; index++) {
            int chosen = index;
            delays.add(uniform.sample(new GuidedChoices((label, bound) ->
                    SmallScope.value(bound, chosen, scope.alternatives("net/x", bound)))));
        }
        assertThat(delays).containsExactly(100L, 1_000L);
    }
}
