package dev.zksim.recipes.doublebarrier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.recipes.doublebarrier.DoubleBarrierDecision.Enter;
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

    /**
     * double-barrier seed 104018365 and the examples' seed 105002447, found by a soak: a
     * participant that entered again from a new session, or a restarted process, still had the
     * node of its old session, which the servers had not yet expired. Counted as nodes, three
     * participants with old and new nodes opened a barrier of four.
     */
    @Test
    void aParticipantWithNodesOfSeveralSessionsArrivesOnce() {
        List<String> children = List.of("c1~c1i1s1", "c1~c1i1s2", "c2~c2i1s1", "c3~c3i2s1", "c3~c3i1s1");
        assertThat(DoubleBarrierDecision.arrivals(children)).isEqualTo(3);
        assertThat(DoubleBarrierDecision.enter(children, 4, false)).isEqualTo(new Enter.Wait());
        assertThat(DoubleBarrierDecision.enter(children, 3, false)).isEqualTo(new Enter.CreateReady());
        assertThat(DoubleBarrierDecision.participantOf("plain")).isEqualTo("plain");
    }
}
