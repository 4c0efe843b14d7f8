package dev.zksim.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A failure report and the catalogue name the guarantee that broke by the checker's name, so
 * each name must say which guarantee (and which variant of it) was judged.
 */
class CheckerNamesTest {

    @Test
    void eachCheckerNamesItsGuaranteeAndVariant() {
        assertThat(QueueChecker.ordered().name()).isEqualTo("queue (ordered)");
        assertThat(QueueChecker.orderedAndDrained().name()).isEqualTo("queue (ordered, drained)");
        assertThat(new TwoPhaseCommitChecker(List.of("s1")).name()).isEqualTo("two-phase commit");
        assertThat(new DoubleBarrierChecker(3).name()).isEqualTo("double barrier (3 participants)");
        assertThat(ConfigurationChecker.withoutInitialConfig().name()).isEqualTo("configuration (no partial config)");
        assertThat(ConfigurationChecker.startingFrom(Value.of("v0")).name()).isEqualTo("configuration (no partial config)");
        assertThat(new BarrierChecker().name()).isEqualTo("barrier");
        assertThat(new FencingChecker().name()).isEqualTo("mutual exclusion (fenced)");
        assertThat(new HerdChecker(2).name()).isEqualTo("no herd (at most 2 wasted wake-up per deletion)");
    }
}
