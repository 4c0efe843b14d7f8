package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

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

    /**
     * The history's wake-ups, by their deletions' first wake-up. They are folded once per
     * history and pair of kinds ({@link History#folded}): a run that asks for them before its
     * first op ({@link #checker}'s watch) has each op folded as it is recorded.
     */
    public static List<WakeUp> of(History history, OpKind woken, List<OpKind> progress) {
        return fold(history, woken, progress).wakeUps();
    }

    private static Fold fold(History history, OpKind woken, List<OpKind> progress) {
        List<OpKind> progressKinds = List.copyOf(progress);
        return history.folded(new Key(woken, progressKinds), () -> new Fold(woken, progressKinds));
    }

    /** What a fold of wake-ups depends on besides the ops. */
    private record Key(OpKind woken, List<OpKind> progress) {
    }

    /**
     * The wake-ups of the ops seen so far. A wake-up made progress if its process's next OK op
     * of the woken or a progress kind is of a progress kind: each process's latest wake-up
     * waits for that op, and the process's next wake-up leaves it unprogressed for good.
     */
    private static final class Fold implements Consumer<Op> {
        private final OpKind woken;
        private final List<OpKind> progress;
        /** Each wake-up's process and whether it progressed, in history order. */
        private final List<String> wokenClients = new ArrayList<>();
        private final List<Boolean> progressed = new ArrayList<>();
        /** The wake-ups of each deletion, by their positions above; the deletions in order of their first wake-up. */
        private final Map<String, List<Integer>> byDeletion = new LinkedHashMap<>();
        private final Map<String, Op> first = new LinkedHashMap<>();
        /** The position of each process's latest wake-up, while it waits for the process's next relevant op. */
        private final Map<String, Integer> waiting = new LinkedHashMap<>();

        Fold(OpKind woken, List<OpKind> progress) {
            this.woken = woken;
            this.progress = progress;
        }

        @Override
        public void accept(Op op) {
            if (!op.isOk()) {
                return;
            }
            if (op.f().equals(woken)) {
                List<Value> pair = op.value().elements();
                long zxid = pair.get(1).asLong();
                String key = pair.get(0).asText() + "@" + (zxid >= 0 ? Long.toString(zxid) : "-1#" + op.index());
                first.putIfAbsent(key, op);
                byDeletion.computeIfAbsent(key, k -> new ArrayList<>()).add(wokenClients.size());
                waiting.put(op.process(), wokenClients.size());
                wokenClients.add(op.process());
                progressed.add(false);
            } else if (progress.contains(op.f())) {
                Integer latest = waiting.remove(op.process());
                if (latest != null) {
                    progressed.set(latest, true);
                }
            }
        }

        List<WakeUp> wakeUps() {
            List<WakeUp> wakeUps = new ArrayList<>();
            byDeletion.forEach((key, positions) -> {
                List<WakeUp.Woken> clients = new ArrayList<>(positions.size());
                for (int position : positions) {
                    clients.add(new WakeUp.Woken(wokenClients.get(position), progressed.get(position)));
                }
                Op op = first.get(key);
                wakeUps.add(new WakeUp(op.value().elements().get(0).asText(), op.time(), clients));
            });
            return wakeUps;
        }
    }

    /** The herd checker as a history checker. */
    public static Checker checker(HerdChecker herd, OpKind woken, List<OpKind> progress) {
        return new Checker() {
            @Override
            public String name() {
                return herd.name();
            }

            @Override
            public void watch(History history) {
                fold(history, woken, progress);
            }

            @Override
            public CheckResult check(History history) {
                return herd.check(of(history, woken, progress));
            }
        };
    }
}
