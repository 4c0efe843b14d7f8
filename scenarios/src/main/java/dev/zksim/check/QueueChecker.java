package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpPair;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The distributed queue's guarantees over ENQUEUE and DEQUEUE ops. An item is the ENQUEUE
 * invocation's value, or the first element of a tuple value whose second element is the
 * item's priority (a number; lower is served first, as in the recipe's "queue-YY" names).
 * A DEQUEUE OK carries the same value; a DEQUEUE that found the queue empty is a FAIL.
 *
 * <ul>
 *   <li>No item is dequeued twice, and no item is dequeued that nobody enqueued.</li>
 *   <li>Order: if A's enqueue completed before B's was invoked and A's priority is not lower
 *       than B's, then B is not dequeued before anyone even tried to dequeue A, i.e. no
 *       DEQUEUE returning B completes before the DEQUEUE that returns A is invoked. With equal
 *       priorities this is FIFO. The snapshot semantics behind it: A's create got a lower
 *       zxid than B's, so every replica that shows B to a consumer also shows A, even a
 *       lagging follower; an item enqueued merely before the dequeue started may be invisible
 *       to that consumer and is not held against it. Overlapping dequeues are not ordered.</li>
 *   <li>Drained (optional, for runs that healed and let consumers finish): every item whose
 *       enqueue was acknowledged was dequeued. A dequeue with an unknown outcome (INFO or
 *       pending) may have removed an item silently, so that many missing items are forgiven.</li>
 * </ul>
 */
public final class QueueChecker implements Checker {
    private final boolean mustDrain;
    private final boolean duplicatesAllowed;
    private final boolean ordered;

    private QueueChecker(boolean mustDrain, boolean duplicatesAllowed) {
        this(mustDrain, duplicatesAllowed, true);
    }

    private QueueChecker(boolean mustDrain, boolean duplicatesAllowed, boolean ordered) {
        this.mustDrain = mustDrain;
        this.duplicatesAllowed = duplicatesAllowed;
        this.ordered = ordered;
    }

    /** Duplicates, phantoms and order; for runs that may end with items still queued. */
    public static QueueChecker ordered() {
        return new QueueChecker(false, false);
    }

    /** Also requires that no acknowledged item was lost; for runs that drained the queue. */
    public static QueueChecker orderedAndDrained() {
        return new QueueChecker(true, false);
    }

    /**
     * For a queue that declares at-least-once delivery: an item may be dequeued again (only
     * its first dequeue is held to the order), but none may be lost.
     */
    public static QueueChecker atLeastOnce() {
        return new QueueChecker(true, true);
    }

    /**
     * The same delivery checks without the order: for a run of a queue that promises no order
     * in it, such as Curator's DistributedQueue, which promises FIFO only to a single consumer.
     */
    public QueueChecker withoutOrder() {
        return new QueueChecker(mustDrain, duplicatesAllowed, false);
    }

    @Override
    public String name() {
        String order = ordered ? "ordered" : "unordered";
        return (duplicatesAllowed ? "queue (at least once, " : "queue (") + (mustDrain ? order + ", drained)" : order + ")");
    }

    /** Where an item went: its enqueue, and the dequeue that returned it if one did. */
    private record Item(Value id, long priority, OpPair enqueue, OpPair dequeue) {
        Op dequeued() {
            return dequeue.completion().orElseThrow();
        }
    }

    @Override
    public CheckResult check(History history) {
        Map<Value, Item> items = enqueues(history);
        List<OpPair> unknownDequeues = new ArrayList<>();
        for (OpPair dequeue : history.ofKinds(OpKind.DEQUEUE).pairs()) {
            if (!dequeue.succeeded()) {
                if (outcomeUnknown(dequeue)) {
                    unknownDequeues.add(dequeue);
                }
                continue;
            }
            Op returned = dequeue.completion().orElseThrow();
            if (returned.value() instanceof Value.Nil) {
                continue;
            }
            CheckResult problem = recordDequeue(items, dequeue, returned);
            if (problem != null) {
                return problem;
            }
        }
        CheckResult order = ordered ? checkOrder(new ArrayList<>(items.values())) : null;
        if (order != null) {
            return order;
        }
        return mustDrain ? checkDrained(history, items.values(), unknownDequeues) : CheckResult.valid(name());
    }

    private static boolean outcomeUnknown(OpPair pair) {
        return pair.completion().map(op -> op.type() == OpType.INFO).orElse(true);
    }

    private static Map<Value, Item> enqueues(History history) {
        Map<Value, Item> items = new LinkedHashMap<>();
        for (OpPair enqueue : history.ofKinds(OpKind.ENQUEUE).pairs()) {
            Value id = idOf(enqueue.invocation().value());
            if (items.put(id, new Item(id, priorityOf(enqueue.invocation().value()), enqueue, null)) != null) {
                throw new IllegalArgumentException("the workload enqueued item " + id + " twice; items must be unique");
            }
        }
        return items;
    }

    private CheckResult recordDequeue(Map<Value, Item> items, OpPair dequeue, Op returned) {
        Value id = idOf(returned.value());
        Item item = items.get(id);
        if (item == null || item.enqueue().invocation().index() > returned.index()) {
            return CheckResult.safety(name(), returned.time(),
                    returned.describe() + " returned item " + id + " that nobody had enqueued", List.of(returned));
        }
        if (item.dequeue() != null && duplicatesAllowed) {
            return null;
        }
        if (item.dequeue() != null) {
            Op first = item.dequeued();
            return CheckResult.safety(name(), returned.time(), "item " + id + " was dequeued twice: by "
                    + first.describe() + " and by " + returned.describe(), List.of(first, returned));
        }
        items.put(id, new Item(id, item.priority(), item.enqueue(), dequeue));
        return null;
    }

    /** The earliest dequeue that overtook an item it had to wait for, or null. */
    private CheckResult checkOrder(List<Item> items) {
        Item overtaker = null;
        Item overtaken = null;
        for (Item later : items) {
            for (Item earlier : items) {
                if (mustComeFirst(earlier, later) && overtook(later, earlier)
                        && (overtaker == null || later.dequeued().index() < overtaker.dequeued().index())) {
                    overtaker = later;
                    overtaken = earlier;
                }
            }
        }
        return overtaker == null ? null : orderViolation(overtaken, overtaker);
    }

    private static boolean mustComeFirst(Item earlier, Item later) {
        return earlier != later && earlier.priority() <= later.priority()
                && earlier.enqueue().completion().filter(Op::isOk)
                        .map(op -> op.index() < later.enqueue().invocation().index()).orElse(false);
    }

    private static boolean overtook(Item later, Item earlier) {
        return later.dequeue() != null && earlier.dequeue() != null
                && later.dequeued().index() < earlier.dequeue().invocation().index();
    }

    private CheckResult orderViolation(Item earlier, Item later) {
        Op enqueuedFirst = earlier.enqueue().completion().orElseThrow();
        String explanation = "item " + later.id() + " was dequeued by " + later.dequeued().describe()
                + " before anyone tried to dequeue item " + earlier.id() + " (" + earlier.dequeue().invocation().describe()
                + "), although " + earlier.id() + " was enqueued first (" + enqueuedFirst.describe() + " before "
                + later.enqueue().invocation().describe() + ") with priority " + earlier.priority()
                + " <= " + later.priority();
        List<Op> ops = List.of(enqueuedFirst, later.enqueue().invocation(), later.dequeued(),
                earlier.dequeue().invocation());
        return CheckResult.safety(name(), later.dequeued().time(), explanation, ops);
    }

    private CheckResult checkDrained(History history, Collection<Item> items, List<OpPair> unknownDequeues) {
        List<Op> lost = new ArrayList<>();
        for (Item item : items) {
            item.enqueue().completion().filter(op -> op.isOk() && item.dequeue() == null).ifPresent(lost::add);
        }
        if (lost.size() <= unknownDequeues.size()) {
            return CheckResult.valid(name());
        }
        List<String> names = lost.stream().map(op -> idOf(op.value()).toString()).toList();
        return CheckResult.safety(name(), history.endTime(), lost.size() + " acknowledged items were never dequeued "
                + names + " and only " + unknownDequeues.size() + " dequeues had an unknown outcome; first lost: "
                + lost.get(0).describe(), lost);
    }

    static Value idOf(Value value) {
        return value instanceof Value.Tuple tuple && !tuple.elements().isEmpty() ? tuple.elements().get(0) : value;
    }

    static long priorityOf(Value value) {
        return value instanceof Value.Tuple tuple && tuple.elements().size() > 1 ? tuple.elements().get(1).asLong() : 0;
    }
}
