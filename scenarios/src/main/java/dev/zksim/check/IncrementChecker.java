package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * No lost update: every acknowledged increment of a counter wrote a value no other
 * acknowledged increment wrote. Two increments that both wrote n+1 both read n, so one of
 * them was lost. The verdict on a prefix of a history is final.
 */
public final class IncrementChecker implements Checker {
    private final OpKind increment;

    public IncrementChecker(OpKind increment) {
        this.increment = increment;
    }

    @Override
    public String name() {
        return "no lost update";
    }

    @Override
    public CheckResult check(History history) {
        Map<Value, Op> writers = new LinkedHashMap<>();
        for (Op op : history) {
            if (op.type() != OpType.OK || !op.f().equals(increment)) {
                continue;
            }
            Op earlier = writers.putIfAbsent(op.value(), op);
            if (earlier != null) {
                return CheckResult.safety(name(), op.time(), earlier.describe() + " and " + op.describe()
                        + " both wrote " + op.value() + ": one increment was lost", List.of(earlier, op));
            }
        }
        return CheckResult.valid(name());
    }
}
