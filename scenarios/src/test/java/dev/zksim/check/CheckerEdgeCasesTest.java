package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static dev.zksim.history.OpKind.CONFIG_READ;
import static dev.zksim.history.OpKind.CONFIG_WRITE;
import static dev.zksim.history.OpKind.DECIDE;
import static dev.zksim.history.OpKind.DEQUEUE;
import static dev.zksim.history.OpKind.ENQUEUE;
import static dev.zksim.history.OpKind.ENTER;
import static dev.zksim.history.OpKind.LEAVE;
import static dev.zksim.history.OpKind.VOTE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Edge cases of the queue, two-phase commit, configuration, herd and double-barrier checkers
 * that their scenario tests leave open (found by mutation testing): which of several
 * violations is reported, what counts as an unknown outcome, ties, and the smallest input.
 */
class CheckerEdgeCasesTest {

    @Test
    void theQueueReportsTheEarliestOvertakingDequeueAndTheFirstItemItOvertook() {
        Hist h = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).call("p", ENQUEUE, v("b")).at(2).call("p", ENQUEUE, v("c"))
                .at(3).invoke("p1", DEQUEUE).ok("p1", DEQUEUE, v("c"))
                .at(4).invoke("p2", DEQUEUE).ok("p2", DEQUEUE, v("b"))
                .at(5).invoke("p3", DEQUEUE).ok("p3", DEQUEUE, v("a"));
        CheckResult.Violation violation = (CheckResult.Violation) QueueChecker.ordered().check(h.history());
        assertThat(violation.time()).isEqualTo(3_000);
        assertThat(violation.ops()).containsExactly(h.op(1), h.op(4), h.op(7), h.op(10));
    }

    @Test
    void aDequeueThatFailedIsNoExcuseForALostItemButOneWithAnUnknownOutcomeIs() {
        Hist failed = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).invoke("q", DEQUEUE).fail("q", DEQUEUE);
        assertThat(QueueChecker.orderedAndDrained().check(failed.history()).isValid()).isFalse();
        Hist unknown = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).invoke("q", DEQUEUE).info("q", DEQUEUE);
        assertThat(QueueChecker.orderedAndDrained().check(unknown.history()).isValid()).isTrue();
        Hist pending = new Hist().at(0).call("p", ENQUEUE, v("a")).at(1).invoke("q", DEQUEUE);
        assertThat(QueueChecker.orderedAndDrained().check(pending.history()).isValid()).isTrue();
    }

    @Test
    void aQueueItemIsItsFirstElementWithAnOptionalPriority() {
        assertThat(QueueChecker.idOf(Value.tuple(v("a"), v(5)))).isEqualTo(v("a"));
        assertThat(QueueChecker.idOf(v("a"))).isEqualTo(v("a"));
        assertThat(QueueChecker.idOf(Value.tuple())).isEqualTo(Value.tuple());
        assertThat(QueueChecker.priorityOf(Value.tuple(v("a"), v(5)))).isEqualTo(5);
        assertThat(QueueChecker.priorityOf(Value.tuple(v("a")))).isZero();
        assertThat(QueueChecker.priorityOf(v("a"))).isZero();
    }

    @Test
    void aCommitDespiteANoVoteIsReportedWithItsOpsInHistoryOrder() {
        Hist h = new Hist().at(0).invoke("s1", VOTE, v("YES")).invoke("s2", VOTE, v("NO"))
                .at(1).ok("coord", DECIDE, v("COMMIT"));
        CheckResult.Violation violation = (CheckResult.Violation) new TwoPhaseCommitChecker(List.of("s1", "s2"))
                .check(h.history());
        assertThat(violation.ops()).containsExactly(h.op(1), h.op(2));
    }

    @Test
    void readingTheSameConfigurationTwiceIsNotGoingBack() {
        Value config = Value.tuple(v(1), v("x"));
        Hist h = new Hist().at(0).invoke("w", CONFIG_WRITE, config)
                .at(1).invoke("r", CONFIG_READ).ok("r", CONFIG_READ, config)
                .at(2).invoke("r", CONFIG_READ).ok("r", CONFIG_READ, config);
        assertThat(ConfigurationChecker.withoutInitialConfig().check(h.history()).isValid()).isTrue();
    }

    @Test
    void amongEquallyWastefulDeletionsTheHerdReportNamesTheFirst() {
        List<WakeUp> wakeUps = List.of(
                new WakeUp("/lock/n-1", 1_000, List.of(new WakeUp.Woken("c2", false))),
                new WakeUp("/lock/n-2", 2_000, List.of(new WakeUp.Woken("c3", false))));
        assertThat(HerdChecker.herdFree().count(wakeUps)).isEqualTo(new HerdCounts(2, 2, 2, 1, "/lock/n-1", 1_000));
    }

    @Test
    void aDoubleBarrierNeedsAtLeastOneParticipantAndOneIsEnough() {
        assertThatThrownBy(() -> new DoubleBarrierChecker(0)).isInstanceOf(IllegalArgumentException.class);
        Hist alone = new Hist().at(0).call("p1", ENTER).at(1).call("p1", LEAVE);
        assertThat(new DoubleBarrierChecker(1).check(alone.history()).isValid()).isTrue();
    }

    @Test
    void aParticipantStillEnteringDoesNotHoldBackTheOthersLeaving() {
        // p3 arrived (its ENTER was invoked) but never heard back, so it is not computing.
        Hist h = new Hist().at(0).invoke("p1", ENTER).invoke("p2", ENTER).invoke("p3", ENTER)
                .at(1).ok("p1", ENTER).ok("p2", ENTER)
                .at(2).invoke("p1", LEAVE).invoke("p2", LEAVE)
                .at(3).ok("p1", LEAVE).ok("p2", LEAVE);
        assertThat(new DoubleBarrierChecker(3).check(h.history()).isValid()).isTrue();
        Hist early = new Hist().at(0).invoke("p1", ENTER).invoke("p2", ENTER).at(1).add("p1", OpType.OK, ENTER, Value.NONE);
        assertThat(new DoubleBarrierChecker(3).check(early.history()).isValid()).isFalse();
    }

    @Test
    void leavingBeforeEveryoneArrivedIsEarlyButOtherOpsBeforeArrivalAreNot() {
        Hist leftEarly = new Hist().at(0).invoke("p1", ENTER).invoke("p2", ENTER)
                .at(1).invoke("p1", LEAVE).add("p1", OpType.OK, LEAVE, Value.NONE);
        CheckResult.Violation violation = (CheckResult.Violation) new DoubleBarrierChecker(3).check(leftEarly.history());
        assertThat(violation.explanation()).contains(" went through when only 2 of 3 participants had arrived ");
        assertThat(violation.ops()).containsExactly(leftEarly.op(3));
        Hist unrelated = new Hist().at(0).invoke("p1", ENTER).call("p1", DEQUEUE);
        assertThat(new DoubleBarrierChecker(3).check(unrelated.history()).isValid()).isTrue();
    }
}
