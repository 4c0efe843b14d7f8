package dev.zksim.history;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

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
    /** The folds kept up to date as ops are appended (see {@link #folded}), by key; made when first asked for. */
    private Map<Object, Consumer<Op>> folds;
    /** See every op appended from now on, as it is appended, in the order they were given. */
    private final List<Consumer<Op>> watchers = new ArrayList<>(0);

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
        for (int i = 0; i < watchers.size(); i++) {
            watchers.get(i).accept(op);
        }
        return op;
    }

    /**
     * Hands every op appended from now on to {@code next}, after the watchers given before,
     * as it is appended: for checks that judge the history op by op while each op is fresh,
     * instead of reading all of it again at the end. Ops already appended are not replayed.
     */
    public void watchAppends(Consumer<Op> next) {
        watchers.add(next);
    }

    /**
     * The fold of this history under {@code key}: made by {@code make} the first time it is
     * asked for, fed every op so far, then every op as it is appended. What several checkers
     * derive from a history (its pairs, its holds) is folded once per history, and a run that
     * asks for it before its first op has each op folded while it is fresh. A fold is a
     * function of the ops it was fed, so asking early or late gives the same fold.
     *
     * @param key names the fold, with whatever parameters it depends on (a record of them)
     */
    @SuppressWarnings("unchecked")
    public <F extends Consumer<Op>> F folded(Object key, Supplier<F> make) {
        if (folds == null) {
            folds = new LinkedHashMap<>();
        }
        F fold = (F) folds.get(key);
        if (fold == null) {
            fold = make.get();
            ops.forEach(fold);
            folds.put(key, fold);
            watchAppends(fold);
        }
        return fold;
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
        return pairing().pairs();
    }

    /** Completions that answer no invocation, in history order. */
    public List<Op> notifications() {
        return pairing().notifications();
    }

    /**
     * Pairs every op as it is appended rather than when the pairs are first read: for a run's
     * history, which its checkers pair at the end, so that each op is paired while it is fresh.
     */
    public void pairAsAppended() {
        pairing();
    }

    private Pairing pairing() {
        return folded(Pairing.class, Pairing::new);
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
