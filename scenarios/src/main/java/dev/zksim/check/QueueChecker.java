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
 *   <li>Best-effort order ({@link #withBestEffortOrder}), for a queue whose consumers lock
 *       an item while they process it and skip items others hold: B may overtake A only while
 *       A could have been locked by a take that came to nothing, i.e. some other DEQUEUE was
 *       invoked before B's dequeue completed and did not deliver an item (it failed, its
 *       outcome is unknown, or it is still pending), and its session was still open after A's
 *       enqueue completed, so it could have locked A (a lock is ephemeral: it lasts until its
 *       session's closeSession commits, also after its process crashed, and a consumer that
 *       skipped A may go on through the rest of its listing after that). With no such take,
 *       order is FIFO (or by priority) as above.</li>
 *   <li>Drained (optional, for runs that healed and let consumers finish): every item whose
 *       enqueue was acknowledged was dequeued. A dequeue with an unknown outcome (INFO or
 *       pending) may have removed an item silently, so that many missing items are forgiven.</li>
 * </ul>
 */
public final class QueueChecker implements Checker {
    private final boolean mustDrain;
    private final boolean duplicatesAllowed;
    private final boolean ordered;
    private final boolean bestEffort;
    private final boolean takesRemoveNothing;

    private QueueChecker(boolean mustDrain, boolean duplicatesAllowed) {
        this(mustDrain, duplicatesAllowed, true, false, false);
    }

    private QueueChecker(boolean mustDrain, boolean duplicatesAllowed, boolean ordered, boolean bestEffort,
            boolean takesRemoveNothing) {
        this.mustDrain = mustDrain;
        this.duplicatesAllowed = duplicatesAllowed;
        this.ordered = ordered;
        this.bestEffort = bestEffort;
        this.takesRemoveNothing = takesRemoveNothing;
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
        return new QueueChecker(mustDrain, duplicatesAllowed, false, false, takesRemoveNothing);
    }

    /**
     * The same delivery checks with best-effort order: an item may be overtaken while a take
     * of another consumer that came to nothing could have held it locked (see the class
     * comment), as a queue that locks items while they are processed and skips locked ones
     * promises.
     */
    public QueueChecker withBestEffortOrder() {
        return new QueueChecker(mustDrain, duplicatesAllowed, true, true, takesRemoveNothing);
    }

    /**
     * For a queue that removes an item only once its consumer said it was processed (one that
     * locks items while they are processed): a DEQUEUE that delivered nothing, pending or with
     * an unknown outcome included, removed nothing, so the drained check forgives no missing
     * item.
     */
    public QueueChecker removedOnlyWhenProcessed() {
        return new QueueChecker(mustDrain, duplicatesAllowed, ordered, bestEffort, true);
    }

    @Override
    public String name() {
        String order = !ordered ? "unordered" : bestEffort ? "best-effort order" : "ordered";
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
        List<OpPair> cameToNothing = new ArrayList<>();
        for (OpPair dequeue : history.ofKinds(OpKind.DEQUEUE).pairs()) {
            if (!dequeue.succeeded() || dequeue.completion().orElseThrow().value() instanceof Value.Nil) {
                cameToNothing.add(dequeue);
            }
        }
        Map<Long, Long> sessionClosedAt = new LinkedHashMap<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.SESSION_CLOSED)) {
                sessionClosedAt.putIfAbsent(op.session(), op.index());
            }
        }
        CheckResult order = ordered
                ? checkOrder(new ArrayList<>(items.values()), new Takes(cameToNothing, sessionClosedAt)) : null;
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
    /** The takes that delivered nothing, and where each session's close committed (op index). */
    private record Takes(List<OpPair> cameToNothing, Map<Long, Long> sessionClosedAt) {
    }

    private CheckResult checkOrder(List<Item> items, Takes takes) {
        Item overtaker = null;
        Item overtaken = null;
        for (Item later : items) {
            for (Item earlier : items) {
                if (mustComeFirst(earlier, later) && overtook(later, earlier)
                        && !(bestEffort && mayHaveBeenLocked(earlier, later, takes))
                        && (overtaker == null || later.dequeued().index() < overtaker.dequeued().index())) {
                    overtaker = later;
                    overtaken = earlier;
                }
            }
        }
        return overtaker == null ? null : orderViolation(overtaken, overtaker);
    }

    /**
     * Whether a take that delivered nothing could have held the overtaken item locked when the
     * overtaker's consumer passed it by: it started before the overtaking dequeue completed,
     * and its session was still open once the overtaken item was in the queue. A best-effort
     * queue skips such an item.
     */
    private static boolean mayHaveBeenLocked(Item overtaken, Item overtaker, Takes takes) {
        long completed = overtaker.dequeued().index();
        long enqueued = overtaken.enqueue().completion().orElseThrow().index();
        for (OpPair take : takes.cameToNothing()) {
            long session = take.invocation().session();
            boolean startedBefore = take.invocation().index() < completed;
            boolean lockMayLast = session == 0 || takes.sessionClosedAt().getOrDefault(session, Long.MAX_VALUE) > enqueued;
            if (take != overtaker.dequeue() && startedBefore && lockMayLast) {
                return true;
            }
        }
        return false;
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
        int forgiven = takesRemoveNothing ? 0 : unknownDequeues.size();
        if (lost.size() <= forgiven) {
            return CheckResult.valid(name());
        }
        List<String> names = lost.stream().map(op -> idOf(op.value()).toString()).toList();
        return CheckResult.safety(name(), history.endTime(), lost.size() + " acknowledged items were never dequeued "
                + names + " and only " + forgiven + " dequeues had an unknown outcome that may have removed one; first lost: "
                + lost.get(0).describe(), lost);
    }

    static Value idOf(Value value) {
        return value instanceof Value.Tuple tuple && !tuple.elements().isEmpty() ? tuple.elements().get(0) : value;
    }

    static long priorityOf(Value value) {
        return value instanceof Value.Tuple tuple && tuple.elements().size() > 1 ? tuple.elements().get(1).asLong() : 0;
    }
}
