package dev.zksim.history;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A history's pairing, kept up to date one op at a time: each completion answers the oldest
 * open invocation of the same process and kind, and a completion that answers none is a
 * notification. A run's history is paired as it is recorded, while each op is fresh, so the
 * checkers that read the pairs at the end (liveness, the free lock) read no op twice for it.
 * The open invocations are found by process, then kind, without a key object per op.
 */
final class Pairing implements Consumer<Op> {
    private final Map<String, Map<OpKind, Deque<Integer>>> pendingByProcess = new LinkedHashMap<>();
    private final List<Op> invocations = new ArrayList<>();
    /** The completion of each invocation, by the invocation's position; null while it is open. */
    private final List<Op> completions = new ArrayList<>();
    private final List<Op> notifications = new ArrayList<>();
    /** The pairs as last read, rebuilt when ops were added since. */
    private List<OpPair> pairs;

    /** Pairs the next op of the history. */
    @Override
    public void accept(Op op) {
        pairs = null;
        Map<OpKind, Deque<Integer>> pendingByKind = pendingByProcess.get(op.process());
        if (op.isInvoke()) {
            if (pendingByKind == null) {
                pendingByKind = new LinkedHashMap<>();
                pendingByProcess.put(op.process(), pendingByKind);
            }
            pendingByKind.computeIfAbsent(op.f(), kind -> new ArrayDeque<>()).addLast(invocations.size());
            invocations.add(op);
            completions.add(null);
            return;
        }
        Deque<Integer> pending = pendingByKind == null ? null : pendingByKind.get(op.f());
        if (pending == null || pending.isEmpty()) {
            notifications.add(op);
        } else {
            completions.set(pending.removeFirst(), op);
        }
    }

    /** Every invocation so far with its completion, if one came, in invocation order. */
    List<OpPair> pairs() {
        if (pairs == null) {
            List<OpPair> built = new ArrayList<>(invocations.size());
            for (int i = 0; i < invocations.size(); i++) {
                built.add(new OpPair(invocations.get(i), Optional.ofNullable(completions.get(i))));
            }
            pairs = Collections.unmodifiableList(built);
        }
        return pairs;
    }

    /** The completions so far that answer no invocation, in history order. */
    List<Op> notifications() {
        return List.copyOf(notifications);
    }
}
