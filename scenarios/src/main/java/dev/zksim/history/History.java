package dev.zksim.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * An append-only, totally ordered list of ops. Indices strictly increase and times never go
 * back, which the single-threaded simulation guarantees and this class enforces, so that a
 * checker may trust the order it reads. A filtered history keeps the original indices, so
 * explanations name the same op numbers as the full printout.
 *
 * <p>Pairing rule: a completion answers the oldest pending invocation of the same process
 * and kind. Recipes are asynchronous, so one process may have several operations in flight
 * (an ACQUIRE waiting while a LOST arrives); matching on the kind keeps them apart. A
 * completion that answers no invocation is a <em>notification</em>: something the client
 * was told rather than asked for, such as SUSPENDED or ELECTED.
 */
public final class History implements Iterable<Op> {
    private final List<Op> ops = new ArrayList<>();
    // Pairing is asked for by several checkers of one run; computed once per length of the history.
    private List<OpPair> pairs;
    private List<Op> notifications;

    public History() {
    }

    public static History of(Collection<Op> ops) {
        History history = new History();
        ops.forEach(history::append);
        return history;
    }

    /** Appends an op that already has its index; the index must exceed the last one. */
    public Op append(Op op) {
        if (!ops.isEmpty()) {
            Op last = ops.get(ops.size() - 1);
            if (op.index() <= last.index() || op.time() < last.time()) {
                throw new IllegalArgumentException("history goes back: " + op + " after " + last);
            }
        }
        ops.add(op);
        pairs = null;
        notifications = null;
        return op;
    }

    /** Appends an op under the next index, outside any session. */
    public Op append(String process, OpType type, OpKind f, Value value, long time, String note) {
        return append(process, type, f, value, time, note, 0);
    }

    /** Appends an op of the given session under the next index. */
    public Op append(String process, OpType type, OpKind f, Value value, long time, String note, long session) {
        long index = ops.isEmpty() ? 0 : ops.get(ops.size() - 1).index() + 1;
        return append(new Op(index, process, type, f, value, time, note, session));
    }

    public List<Op> ops() {
        return Collections.unmodifiableList(ops);
    }

    @Override
    public Iterator<Op> iterator() {
        return ops().iterator();
    }

    public int size() {
        return ops.size();
    }

    public boolean isEmpty() {
        return ops.isEmpty();
    }

    /** The time of the last op, or 0 for an empty history. */
    public long endTime() {
        return ops.isEmpty() ? 0 : ops.get(ops.size() - 1).time();
    }

    public History filter(Predicate<Op> keep) {
        History kept = new History();
        for (Op op : ops) {
            if (keep.test(op)) {
                kept.ops.add(op);
            }
        }
        return kept;
    }

    public History ofKinds(OpKind... kinds) {
        List<OpKind> wanted = List.of(kinds);
        return filter(op -> wanted.contains(op.f()));
    }

    public History ofProcess(String process) {
        return filter(op -> op.process().equals(process));
    }

    public SortedSet<String> processes() {
        SortedSet<String> names = new TreeSet<>();
        ops.forEach(op -> names.add(op.process()));
        return names;
    }

    /** Every invocation with its completion, if one came, in invocation order. */
    public List<OpPair> pairs() {
        paired();
        return pairs;
    }

    /** Completions that answer no invocation, in history order. */
    public List<Op> notifications() {
        paired();
        return notifications;
    }

    private void paired() {
        if (pairs == null) {
            List<OpPair> newPairs = new ArrayList<>();
            List<Op> newNotifications = new ArrayList<>();
            pairUp(newPairs, newNotifications);
            pairs = Collections.unmodifiableList(newPairs);
            notifications = Collections.unmodifiableList(newNotifications);
        }
    }

    /** The pair whose invocation or completion is the given op, if any. */
    public Optional<OpPair> pairOf(Op op) {
        for (OpPair pair : pairs()) {
            if (pair.invocation().equals(op) || pair.completion().filter(op::equals).isPresent()) {
                return Optional.of(pair);
            }
        }
        return Optional.empty();
    }

    /**
     * Pairs each completion with the oldest open invocation of the same process and kind.
     * Every run's liveness check pairs its whole history, so each process keeps its open
     * invocations in one small list, searched by kind from the oldest (a process has few in
     * flight), instead of a map of queues of boxed indexes; completions sit in an array by
     * invocation.
     */
    private void pairUp(List<OpPair> pairs, List<Op> notifications) {
        Map<String, OpenInvocations> openByProcess = new LinkedHashMap<>();
        List<Op> invocations = new ArrayList<>();
        Op[] completionOf = new Op[ops.size()];
        for (Op op : ops) {
            OpenInvocations open = openByProcess.get(op.process());
            if (op.isInvoke()) {
                if (open == null) {
                    open = new OpenInvocations();
                    openByProcess.put(op.process(), open);
                }
                open.add(op.f(), invocations.size());
                invocations.add(op);
                continue;
            }
            int invocation = open == null ? -1 : open.takeOldest(op.f());
            if (invocation < 0) {
                notifications.add(op);
            } else {
                completionOf[invocation] = op;
            }
        }
        for (int i = 0; i < invocations.size(); i++) {
            pairs.add(new OpPair(invocations.get(i), Optional.ofNullable(completionOf[i])));
        }
    }

    /**
     * One process's invocations still open, oldest first, as their kinds and their numbers
     * among all invocations. An invocation that never completes stays only until a completion
     * of its kind takes it, so the list holds little more than what is in flight.
     */
    private static final class OpenInvocations {
        private OpKind[] kinds = new OpKind[4];
        private int[] numbers = new int[4];
        private int size;

        void add(OpKind kind, int number) {
            if (size == kinds.length) {
                kinds = Arrays.copyOf(kinds, size * 2);
                numbers = Arrays.copyOf(numbers, size * 2);
            }
            kinds[size] = kind;
            numbers[size] = number;
            size++;
        }

        /** Removes and returns the number of the oldest open invocation of this kind, or -1. */
        int takeOldest(OpKind kind) {
            for (int i = 0; i < size; i++) {
                if (kinds[i].equals(kind)) {
                    int number = numbers[i];
                    System.arraycopy(kinds, i + 1, kinds, i, size - i - 1);
                    System.arraycopy(numbers, i + 1, numbers, i, size - i - 1);
                    kinds[--size] = null;
                    return number;
                }
            }
            return -1;
        }
    }

    /** One op per line, in order, for failure reports and debugging. */
    public String printout() {
        StringBuilder text = new StringBuilder();
        ops.forEach(op -> text.append(op).append('\n'));
        return text.toString();
    }

    @Override
    public String toString() {
        return "History(" + ops.size() + " ops)";
    }
}
