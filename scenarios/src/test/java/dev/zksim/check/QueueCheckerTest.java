package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static dev.zksim.history.OpKind.DEQUEUE;
import static dev.zksim.history.OpKind.ENQUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.history.Value;
import org.junit.jupiter.api.Test;

class QueueCheckerTest {

    private static Value item(String id, long priority) {
        return Value.tuple(v(id), v(priority));
    }

    private static String explain(CheckResult result) {
        assertThat(result.isValid()).as("expected a violation").isFalse();
        return ((CheckResult.Violation) result).explanation();
    }

    @Test
    void sequentialEnqueuesDequeuedInOrderAreValid() {
        Hist h = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).call("p", ENQUEUE, v("b"))
                .at(2).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("a"))
                .at(3).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("b"))
                .at(4).invoke("c1", DEQUEUE).fail("c1", DEQUEUE);
        assertThat(QueueChecker.orderedAndDrained().check(h.history()).isValid()).isTrue();
    }

    @Test
    void dequeuingTheLaterItemFirstBreaksFifo() {
        Hist h = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).call("p", ENQUEUE, v("b"))
                .at(2).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("b"))
                .at(3).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("a"));
        assertThat(explain(QueueChecker.ordered().check(h.history())))
                .startsWith("item b was dequeued by c1 DEQUEUE ok b at 0.002s (#5) before anyone tried to dequeue item a");
    }

    @Test
    void concurrentEnqueuesOrOverlappingDequeuesMayComeOutEitherWay() {
        Hist concurrentEnqueues = new Hist().at(0).invoke("p1", ENQUEUE, v("a")).invoke("p2", ENQUEUE, v("b"))
                .at(1).ok("p1", ENQUEUE, v("a")).ok("p2", ENQUEUE, v("b"))
                .at(2).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("b"))
                .at(3).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("a"));
        Hist overlappingDequeues = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).call("p", ENQUEUE, v("b"))
                .at(2).invoke("c1", DEQUEUE).invoke("c2", DEQUEUE)
                .at(3).ok("c2", DEQUEUE, v("b")).ok("c1", DEQUEUE, v("a"));
        assertThat(QueueChecker.ordered().check(concurrentEnqueues.history()).isValid()).isTrue();
        assertThat(QueueChecker.ordered().check(overlappingDequeues.history()).isValid()).isTrue();
    }

    @Test
    void anItemDequeuedTwiceOrNeverEnqueuedIsAViolation() {
        Hist twice = new Hist().at(0).call("p", ENQUEUE, v("a"))
                .at(1).invoke("c1", DEQUEUE).invoke("c2", DEQUEUE).ok("c1", DEQUEUE, v("a")).ok("c2", DEQUEUE, v("a"));
        Hist phantom = new Hist().at(0).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("z"));
        assertThat(explain(QueueChecker.ordered().check(twice.history()))).startsWith("item a was dequeued twice");
        assertThat(explain(QueueChecker.ordered().check(phantom.history()))).endsWith("returned item z that nobody had enqueued");
    }

    @Test
    void anAcknowledgedItemLeftBehindIsLostOnlyWhenTheRunMustDrain() {
        Hist h = new Hist().at(0).call("p", ENQUEUE, v("a"))
                .at(1).invoke("p", ENQUEUE, v("b")).info("p", ENQUEUE);
        assertThat(QueueChecker.ordered().check(h.history()).isValid()).isTrue();
        assertThat(explain(QueueChecker.orderedAndDrained().check(h.history())))
                .startsWith("1 acknowledged items were never dequeued [a] and only 0 dequeues had an unknown outcome");
    }

    @Test
    void aDequeueWithUnknownOutcomeMayHaveTakenTheMissingItem() {
        Hist h = new Hist().at(0).call("p", ENQUEUE, v("a"))
                .at(1).invoke("c1", DEQUEUE).info("c1", DEQUEUE);
        assertThat(QueueChecker.orderedAndDrained().check(h.history()).isValid()).isTrue();
    }

    @Test
    void priorityQueueServesLowerNumbersFirstAmongItemsEveryReplicaShows() {
        Hist valid = new Hist().at(0).call("p", ENQUEUE, item("low", 5)).at(1).call("p", ENQUEUE, item("urgent", 1))
                .at(2).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, item("urgent", 1))
                .at(3).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, item("low", 5));
        Hist inverted = new Hist().at(0).call("p", ENQUEUE, item("urgent", 1)).at(1).call("p", ENQUEUE, item("low", 5))
                .at(2).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, item("low", 5))
                .at(3).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, item("urgent", 1));
        assertThat(QueueChecker.ordered().check(valid.history()).isValid()).isTrue();
        assertThat(explain(QueueChecker.ordered().check(inverted.history()))).contains("with priority 1 <= 5");
    }

    @Test
    void aWorkloadThatReusesAnItemIdIsRefused() {
        Hist h = new Hist().at(0).call("p", ENQUEUE, v("a")).call("p", ENQUEUE, v("a"));
        assertThatThrownBy(() -> QueueChecker.ordered().check(h.history())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void atLeastOnceForgivesASecondDequeueButNotALostItem() {
        Hist twice = new Hist().at(0).call("p", ENQUEUE, Value.of("a"))
                .at(1).call("c1", DEQUEUE, Value.of("a"))
                .at(2).call("c2", DEQUEUE, Value.of("a"));
        assertThat(QueueChecker.atLeastOnce().check(twice.history()).isValid()).isTrue();
        assertThat(QueueChecker.orderedAndDrained().check(twice.history()).isValid()).isFalse();
        Hist lost = new Hist().at(0).call("p", ENQUEUE, Value.of("a"));
        assertThat(QueueChecker.atLeastOnce().check(lost.history()).isValid()).isFalse();
        assertThat(QueueChecker.ordered().check(lost.history()).isValid()).isTrue();
    }

    @Test
    void withoutOrderTheOvertakingIsAllowedButTheDeliveryStillChecked() {
        Hist overtaken = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).call("p", ENQUEUE, v("b"))
                .at(2).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("b"))
                .at(3).invoke("c2", DEQUEUE).ok("c2", DEQUEUE, v("a"));
        assertThat(QueueChecker.atLeastOnce().check(overtaken.history()).isValid()).isFalse();
        assertThat(QueueChecker.atLeastOnce().withoutOrder().check(overtaken.history()).isValid()).isTrue();
        assertThat(QueueChecker.atLeastOnce().withoutOrder().name()).isEqualTo("queue (at least once, unordered, drained)");
        Hist lost = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).call("p", ENQUEUE, v("b"))
                .at(2).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("b"));
        assertThat(explain(QueueChecker.atLeastOnce().withoutOrder().check(lost.history())))
                .startsWith("1 acknowledged items were never dequeued [a]");
        Hist twice = new Hist().at(0).call("p", ENQUEUE, v("a"))
                .at(1).call("c1", DEQUEUE, v("a")).at(2).call("c2", DEQUEUE, v("a"));
        assertThat(explain(QueueChecker.ordered().withoutOrder().check(twice.history()))).startsWith("item a was dequeued twice");
    }

    /**
     * Best-effort order (a queue that locks items while they are processed and skips locked
     * ones): b may overtake a while another consumer's take that came to nothing could have
     * held a locked; without such a take the order is FIFO as ever.
     */
    @Test
    void bestEffortOrderExcusesOnlyAnOvertakingWhileATakeThatCameToNothingMayHoldTheItem() {
        Hist skipped = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).call("p", ENQUEUE, v("b"))
                .at(2).invoke("c2", DEQUEUE).at(3).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("b"))
                .at(4).fail("c2", DEQUEUE).at(5).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("a"));
        Hist overtaken = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).call("p", ENQUEUE, v("b"))
                .at(2).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("b"))
                .at(3).invoke("c1", DEQUEUE).ok("c1", DEQUEUE, v("a"));
        QueueChecker bestEffort = QueueChecker.atLeastOnce().withBestEffortOrder();
        assertThat(explain(QueueChecker.atLeastOnce().check(skipped.history()))).startsWith("item b was dequeued by c1");
        assertThat(bestEffort.check(skipped.history()).isValid()).isTrue();
        assertThat(explain(bestEffort.check(overtaken.history()))).startsWith("item b was dequeued by c1");
        assertThat(bestEffort.name()).isEqualTo("queue (at least once, best-effort order, drained)");
    }

    /**
     * A queue that removes items only once processed: a take that delivered nothing removed
     * nothing, so a missing item is lost even with a take still pending at the end.
     */
    @Test
    void aQueueThatRemovesOnlyProcessedItemsForgivesNoMissingItem() {
        Hist h = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).invoke("c1", DEQUEUE);
        assertThat(QueueChecker.atLeastOnce().check(h.history()).isValid()).isTrue();
        assertThat(explain(QueueChecker.atLeastOnce().removedOnlyWhenProcessed().check(h.history())))
                .startsWith("1 acknowledged items were never dequeued [a] and only 0 dequeues");
    }
}
