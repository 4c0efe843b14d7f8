package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Mutual exclusion as the protected resource sees it. Over the accepted (OK)
 * WRITE_PROTECTED ops, whose value is the fencing token: tokens never decrease in the order
 * the resource accepted them, and one token is only ever used by one process. The second
 * rule catches a recipe that hands the same token to two holders, which would let their
 * writes interleave even though every write passes the first rule. This is the guarantee
 * that survives a holder pausing past its session: its stale writes are rejected.
 */
public final class FencingChecker implements Checker {

    @Override
    public String name() {
        return "mutual exclusion (fenced)";
    }

    @Override
    public CheckResult check(History history) {
        Op highest = null;
        Map<Long, Op> firstWriteByToken = new TreeMap<>();
        for (Op write : history.ofKinds(OpKind.WRITE_PROTECTED)) {
            if (!write.isOk()) {
                continue;
            }
            long token = write.value().asLong();
            if (highest != null && token < highest.value().asLong()) {
                return CheckResult.safety(name(), write.time(), "the resource accepted stale token " + token
                        + " from " + write.describe() + " after token " + highest.value() + " from " + highest.describe(),
                        List.of(highest, write));
            }
            Op first = firstWriteByToken.putIfAbsent(token, write);
            if (first != null && !first.process().equals(write.process())) {
                return CheckResult.safety(name(), write.time(), "two holders wrote under token " + token + ": "
                        + first.describe() + " and " + write.describe(), List.of(first, write));
            }
            highest = write;
        }
        return CheckResult.valid(name());
    }
}
