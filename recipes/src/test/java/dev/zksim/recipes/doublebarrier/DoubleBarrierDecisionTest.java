package dev.zksim.recipes.doublebarrier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.recipes.doublebarrier.DoubleBarrierDecision.Enter;
import dev.zksim.recipes.doublebarrier.DoubleBarrierDecision.Leave;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DoubleBarrierDecisionTest {
    private static final List<String> NAMES = List.of("a", "b", "c", "d");

    /** Every subset of the names, each with and without the ready marker, in shuffled order. */
    private static List<List<String>> listings() {
        List<List<String>> listings = new ArrayList<>();
        for (int mask = 0; mask < 1 << NAMES.size(); mask++) {
            List<String> children = new ArrayList<>();
            for (int i = NAMES.size() - 1; i >= 0; i--) {
                if ((mask & 1 << i) != 0) {
                    children.add(NAMES.get(i));
                }
            }
            listings.add(List.copyOf(children));
            children.add(1 <= children.size() ? 1 : 0, DoubleBarrierDecision.READY);
            listings.add(List.copyOf(children));
        }
        return listings;
    }

    @Test
    void enterNeedsTheThresholdOrTheReadyNode() {
        for (List<String> children : listings()) {
            int participants = DoubleBarrierDecision.participants(children).size();
            for (int threshold = 1; threshold <= NAMES.size() + 1; threshold++) {
                Enter expected = children.contains(DoubleBarrierDecision.READY) ? new Enter.Entered()
                        : participants >= threshold ? new Enter.CreateReady() : new Enter.Wait();
                assertThat(DoubleBarrierDecision.enter(children, threshold, false)).as(children + " x=" + threshold)
                        .isEqualTo(expected);
                assertThat(DoubleBarrierDecision.enter(children, threshold, true)).isEqualTo(new Enter.Entered());
            }
        }
    }

    @Test
    void leaveFollowsTheRecipeForEveryListingAndParticipant() {
        for (List<String> children : listings()) {
            List<String> remaining = DoubleBarrierDecision.participants(children);
            for (String me : NAMES) {
                Leave leave = DoubleBarrierDecision.leave(children, me);
                String context = children + " me=" + me;
                if (remaining.isEmpty()) {
                    assertThat(leave).as(context).isEqualTo(new Leave.Done());
                } else if (remaining.equals(List.of(me))) {
                    assertThat(leave).as(context).isEqualTo(new Leave.DeleteMineAndDone());
                } else if (remaining.getFirst().equals(me)) {
                    assertThat(leave).as(context).isEqualTo(new Leave.WaitFor(remaining.getLast()));
                } else if (remaining.contains(me)) {
                    assertThat(leave).as(context).isEqualTo(new Leave.DeleteMineAndWaitFor(remaining.getFirst()));
                } else {
                    assertThat(leave).as(context).isEqualTo(new Leave.WaitFor(remaining.getFirst()));
                }
            }
        }
    }

    @Test
    void nobodyEverWaitsOnItselfOrOnTheReadyMarker() {
        for (List<String> children : listings()) {
            for (String me : NAMES) {
                String target = switch (DoubleBarrierDecision.leave(children, me)) {
                    case Leave.WaitFor wait -> wait.node();
                    case Leave.DeleteMineAndWaitFor both -> both.node();
                    case Leave.Done done -> null;
                    case Leave.DeleteMineAndDone last -> null;
                };
                if (target != null) {
                    assertThat(target).isNotEqualTo(me).isNotEqualTo(DoubleBarrierDecision.READY);
                    assertThat(children).contains(target);
                }
            }
        }
    }
}
