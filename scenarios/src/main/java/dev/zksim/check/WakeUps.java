package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@link WakeUp}s out of a history, so the herd checker can run over histories like
 * every other checker. A woken client records a notification of kind {@code woken} whose
 * value is (deleted path, zxid of the deleting transaction); wake-ups with the same pair
 * come from one deletion. A woken client made progress if it records an OK op of one of
 * the progress kinds (ACQUIRE, ELECTED, ...) before it is woken again: a client that only
 * re-read and went back to waiting wasted the wake-up. Events without a zxid (-1, the
 * catch-up after a reconnect) cannot be matched to a deletion and count on their own.
 */
public final class WakeUps {

    private WakeUps() {
    }

    public static List<WakeUp> of(History history, OpKind woken, List<OpKind> progress) {
        List<Op> ops = history.ops();
        boolean[] progressed = progressedAfter(ops, woken, progress);
        Map<Deletion, WokenClients> byDeletion = new LinkedHashMap<>();
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            if (!op.f().equals(woken) || !op.isOk()) {
                continue;
            }
            List<Value> pair = op.value().elements();
            long zxid = pair.get(1).asLong();
            Deletion deletion = new Deletion(pair.get(0).asText(), zxid, zxid >= 0 ? -1 : op.index());
            byDeletion.computeIfAbsent(deletion, key -> new WokenClients(op.time())).clients
                    .add(new WakeUp.Woken(op.process(), progressed[i]));
        }
        List<WakeUp> wakeUps = new ArrayList<>(byDeletion.size());
        byDeletion.forEach((deletion, wokenClients) ->
                wakeUps.add(new WakeUp(deletion.path(), wokenClients.time, wokenClients.clients)));
        return wakeUps;
    }

    /**
     * One deletion: its path and the zxid of the deleting transaction, or, for an event
     * without a zxid, the index of the op that recorded it, which makes it a deletion of its own.
     */
    private record Deletion(String path, long zxid, long unmatchedOp) {
    }

    /** The clients one deletion woke, and when the first of them was woken. */
    private static final class WokenClients {
        private final long time;
        private final List<WakeUp.Woken> clients = new ArrayList<>();

        WokenClients(long time) {
            this.time = time;
        }
    }

    /**
     * For each wake-up at index i: whether its process's next relevant op after i is an OK op
     * of a progress kind (rather than another wake-up, or nothing). One backward pass that
     * remembers, per process, what its next relevant op is, instead of a forward scan per
     * wake-up (quadratic in long histories).
     */
    private static boolean[] progressedAfter(List<Op> ops, OpKind woken, List<OpKind> progress) {
        boolean[] progressed = new boolean[ops.size()];
        Map<String, Boolean> nextIsProgress = new LinkedHashMap<>();
        for (int i = ops.size() - 1; i >= 0; i--) {
            Op op = ops.get(i);
            if (!op.isOk()) {
                continue;
            }
            if (op.f().equals(woken)) {
                progressed[i] = nextIsProgress.getOrDefault(op.process(), false);
                nextIsProgress.put(op.process(), false);
            } else if (progress.contains(op.f())) {
                nextIsProgress.put(op.process(), true);
            }
        }
        return progressed;
    }

    /** The herd checker as a history checker. */
    public static Checker checker(HerdChecker herd, OpKind woken, List<OpKind> progress) {
        return new Checker() {
            @Override
            public String name() {
                return herd.name();
            }

            @Override
            public CheckResult check(History history) {
                return herd.check(of(history, woken, progress));
            }
        };
    }
}
