package dev.zksim.catalog;

import dev.zksim.scenario.Goal;
import dev.zksim.kernel.Time;
import dev.zksim.check.CheckResult;
import dev.zksim.check.Checker;
import dev.zksim.check.QueueChecker;
import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.scenario.Scenario;
import dev.zksim.testkit.QueueUnderTest;
import dev.zksim.testkit.Testkit;
import java.util.List;
import java.util.TreeSet;

/** The FIFO and priority queues' scenarios, and a broken consumer as a canary. */
public final class QueueScenarios {

    private QueueScenarios() {
    }

    public static Scenario fifo() {
        return Testkit.fifoQueue("fifo-queue", RecipeQueues.fifo())
                .title("Queue: producers and consumers keep FIFO order under random faults").build();
    }

    public static Scenario priority() {
        return Testkit.priorityQueue("priority-queue", RecipeQueues.priority())
                .title("Priority queue: urgent items overtake, equal ones stay in order, under random faults").build();
    }

    /**
     * zksim's queue whose consumers lock each item while they process it: at least once, in
     * best-effort FIFO order (an item locked by a consumer cut off is skipped).
     */
    public static Scenario locking() {
        return Testkit.fifoQueue("locking-queue", RecipeQueues.locking())
                .title("Queue: consumers lock each item while processing it; at least once, best-effort order")
                .delivery(QueueUnderTest.Delivery.AT_LEAST_ONCE).bestEffortOrder().build();
    }

    /** Items removed at take, before processing, are lost when their consumer's session is. */
    public static Scenario removesAtTakeCanary() {
        return Testkit.fifoQueue("canary-locking-queue-removes-at-take", RecipeQueues.removesAtTakeCanary())
                .title("Canary: a locking queue that removes each item when taken, before it was processed")
                .delivery(QueueUnderTest.Delivery.AT_LEAST_ONCE).bestEffortOrder().consumers(2, 3)
                .processing(Time.millis(100), Time.seconds(1))
                .faults(1, 3, Time.seconds(2), List.of(FaultKind.EXPIRE_SESSION)).build();
    }

    public static Scenario uncheckedConsumerCanary() {
        return Testkit.fifoQueue("canary-queue-unchecked-delete", RecipeQueues.uncheckedConsumerCanary())
                .title("Canary: a consumer that deletes without checking it won dequeues items twice")
                .consumers(2, 3).noFaults().build();
    }

    /** A handle that reports a given-up take as cancelled while the recipe's claim is still in flight. */
    public static Scenario hastyCancelCanary() {
        return Testkit.fifoQueue("canary-queue-hasty-cancel", RecipeQueues.hastyCancelCanary())
                .title("Canary: a take given up while its claim is in flight loses the item it claimed")
                .consumers(2, 3).items(5, 10).giveUps(1, 1, Time.millis(5), Time.millis(200))
                .goals(Goal.completed(OpKind.ENQUEUE, "an item was offered"),
                        Goal.completed(OpKind.DEQUEUE, "an item was taken"))
                .build();
    }

    /**
     * Ordered always; drained too, unless every consumer lost its session: a dead handle
     * cannot take, so items left behind then are not the queue's fault.
     */
    static Checker drainedUnlessConsumersGone() {
        return new Checker() {
            @Override
            public String name() {
                return "queue";
            }

            @Override
            public CheckResult check(History history) {
                TreeSet<String> consumers = new TreeSet<>();
                TreeSet<String> lost = new TreeSet<>();
                for (Op op : history) {
                    if (op.f().equals(OpKind.DEQUEUE)) {
                        consumers.add(op.process());
                    } else if (op.f().equals(OpKind.LOST)) {
                        lost.add(op.process());
                    }
                }
                boolean someAlive = !lost.containsAll(consumers);
                return (someAlive ? QueueChecker.orderedAndDrained() : QueueChecker.ordered()).check(history);
            }
        };
    }
}
