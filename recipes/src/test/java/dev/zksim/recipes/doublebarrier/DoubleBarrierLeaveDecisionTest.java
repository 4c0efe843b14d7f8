package dev.zksim.recipes.doublebarrier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.recipes.doublebarrier.DoubleBarrierDecision.Leave;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The participant listing on its own: the exhaustive decision test uses it as part of its
 * oracle, so it needs a check that does not depend on it.
 */
class DoubleBarrierLeaveDecisionTest {

    @Test
    void participantsAreTheSortedChildrenWithoutTheReadyMarker() {
        assertThat(DoubleBarrierDecision.participants(List.of("c", DoubleBarrierDecision.READY, "a", "b")))
                .containsExactly("a", "b", "c");
        assertThat(DoubleBarrierDecision.participants(List.of(DoubleBarrierDecision.READY))).isEmpty();
    }

    @Test
    void theLowestLeaverWaitsForTheHighestAndTheOthersDeleteAndWaitForTheLowest() {
        List<String> children = List.of("c", "a", "b");
        assertThat(DoubleBarrierDecision.leave(children, "a")).isEqualTo(new Leave.WaitFor("c"));
        assertThat(DoubleBarrierDecision.leave(children, "b")).isEqualTo(new Leave.DeleteMineAndWaitFor("a"));
        assertThat(DoubleBarrierDecision.leave(List.of("b"), "b")).isEqualTo(new Leave.DeleteMineAndDone());
    }
}
