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
        Map<String, List<WakeUp.Woken>> byDeletion = new LinkedHashMap<>();
        Map<String, Op> first = new LinkedHashMap<>();
        List<Op> ops = history.ops();
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            if (!op.f().equals(woken) || !op.isOk()) {
                continue;
            }
            List<Value> pair = op.value().elements();
            long zxid = pair.get(1).asLong();
            String key = pair.get(0).asText() + "@" + (zxid >= 0 ? Long.toString(zxid) : "-1#" + op.index());
            first.putIfAbsent(key, op);
            byDeletion.computeIfAbsent(key, k -> new ArrayList<>())
                    .add(new WakeUp.Woken(op.process(), progressedAfter(ops, i, woken, progress)));
        }
        List<WakeUp> wakeUps = new ArrayList<>();
        byDeletion.forEach((key, clients) -> {
            Op op = first.get(key);
            wakeUps.add(new WakeUp(op.value().elements().get(0).asText(), op.time(), clients));
        });
        return wakeUps;
    }

    private static boolean progressedAfter(List<Op> ops, int at, OpKind woken, List<OpKind> progress) {
        String process = ops.get(at).process();
        for (int i = at + 1; i < ops.size(); i++) {
            Op op = ops.get(i);
            if (!op.process().equals(process)) {
                continue;
            }
            if (op.f().equals(woken) && op.isOk()) {
                return false;
            }
            if (op.isOk() && progress.contains(op.f())) {
                return true;
            }
        }
        return false;
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
