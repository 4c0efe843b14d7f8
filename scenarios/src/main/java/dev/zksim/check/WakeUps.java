package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
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
 * catch-up after a reconnect) cannot be matched to a deletion and count on their own. A client
 * cut off before it acted on its wake-up (Disconnected, Expired, or its process crashed) is left
 * out: the fault decided what it did next.
 *
 * <p>A deletion hands something over only if one of its woken clients made progress before
 * a later deletion woke anyone. A client whose notification is delivered late can find that a
 * later deletion has already cleared its way: a waiting writer of a shared lock expires, its
 * readers wake, and by the time the last of them reads, the writer below it has released too.
 * That progress is the later deletion's doing; when it is all a deletion has, no woken client
 * of that deletion is counted as progressing, and the herd checker sees a waiter's vanishing,
 * not a hand-over that herded the others.
 */
public final class WakeUps {

    /** What a woken client's process heard before it could act: its connection or session gone, or it crashed. */
    private static final List<OpKind> CUTTING_OFF = List.of(OpKind.DISCONNECTED, OpKind.EXPIRED, OpKind.CRASHED);
    /** {@link #nextProgress}'s mark for a wake-up whose client was cut off before it acted on it. */
    private static final int CUT_OFF = -2;

    private WakeUps() {
    }

    public static List<WakeUp> of(History history, OpKind woken, List<OpKind> progress) {
        List<Op> ops = history.ops();
        int[] progressAt = nextProgress(ops, woken, progress);
        long[] lastDeletionBefore = lastDeletionBefore(ops, woken);
        Map<Deletion, WokenClients> byDeletion = new LinkedHashMap<>();
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            if (!op.f().equals(woken) || !op.isOk()) {
                continue;
            }
            if (progressAt[i] == CUT_OFF) {
                continue;
            }
            long zxid = deletionZxid(op);
            Deletion deletion = new Deletion(op.value().elements().get(0).asText(), zxid, zxid >= 0 ? -1 : op.index());
            WokenClients clients = byDeletion.computeIfAbsent(deletion, key -> new WokenClients(op.time()));
            boolean progressed = progressAt[i] >= 0;
            clients.clients.add(new WakeUp.Woken(op.process(), progressed));
            clients.handedOver |= progressed && (zxid < 0 || lastDeletionBefore[progressAt[i]] <= zxid);
        }
        List<WakeUp> wakeUps = new ArrayList<>(byDeletion.size());
        byDeletion.forEach((deletion, wokenClients) ->
                wakeUps.add(new WakeUp(deletion.path(), wokenClients.time, wokenClients.judged())));
        return wakeUps;
    }

    /**
     * One deletion: its path and the zxid of the deleting transaction, or, for an event
     * without a zxid, the index of the op that recorded it, which makes it a deletion of its own.
     */
    private record Deletion(String path, long zxid, long unmatchedOp) {
    }

    /** The clients one deletion woke, when the first of them was woken, and whether it handed anything over. */
    private static final class WokenClients {
        private final long time;
        private final List<WakeUp.Woken> clients = new ArrayList<>();
        private boolean handedOver;

        WokenClients(long time) {
            this.time = time;
        }

        /** The woken clients, none of them progressing if the deletion handed nothing over. */
        List<WakeUp.Woken> judged() {
            return handedOver ? clients : clients.stream().map(client -> new WakeUp.Woken(client.client(), false)).toList();
        }
    }

    /**
     * For each wake-up at index i: the index of its process's next relevant op after i if that
     * is an OK op of a progress kind, {@link #CUT_OFF} if it is the client library's Disconnected
     * or Expired or the process's crash (the fault, not the recipe, decided what the client did
     * next, so the wake-up is not judged), else -1 (another wake-up, or nothing). One backward
     * pass that remembers, per process, where its next relevant op is, instead of a forward scan
     * per wake-up (quadratic in long histories).
     */
    private static int[] nextProgress(List<Op> ops, OpKind woken, List<OpKind> progress) {
        int[] progressAt = new int[ops.size()];
        Map<String, Integer> next = new LinkedHashMap<>();
        for (int i = ops.size() - 1; i >= 0; i--) {
            Op op = ops.get(i);
            progressAt[i] = -1;
            if (!op.isOk()) {
                continue;
            }
            if (op.f().equals(woken)) {
                progressAt[i] = next.getOrDefault(op.process(), -1);
                next.put(op.process(), -1);
            } else if (progress.contains(op.f())) {
                next.put(op.process(), i);
            } else if (CUTTING_OFF.contains(op.f())) {
                next.put(op.process(), CUT_OFF);
            }
        }
        return progressAt;
    }

    /** For each index, the highest zxid of a deletion that woke a client at an earlier index (-1 for none). */
    private static long[] lastDeletionBefore(List<Op> ops, OpKind woken) {
        long[] latest = new long[ops.size()];
        long seen = -1;
        for (int i = 0; i < ops.size(); i++) {
            latest[i] = seen;
            Op op = ops.get(i);
            if (op.isOk() && op.f().equals(woken)) {
                seen = Math.max(seen, deletionZxid(op));
            }
        }
        return latest;
    }

    /** The zxid of the deleting transaction a wake-up records, or -1 for the catch-up after a reconnect. */
    private static long deletionZxid(Op wakeUp) {
        return wakeUp.value().elements().get(1).asLong();
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
