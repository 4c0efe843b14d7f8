package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.List;

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

    /**
     * One pass that keeps only the highest token and its first writer. Once no token went
     * down, a token seen before is the highest one (every token between its two uses lies
     * between them), so no map of all tokens is needed.
     */
    @Override
    public CheckResult check(History history) {
        Op highest = null;
        Op firstOfHighest = null;
        for (Op write : history) {
            if (!write.isOk() || !write.f().equals(OpKind.WRITE_PROTECTED)) {
                continue;
            }
            long token = write.value().asLong();
            if (highest != null && token < highest.value().asLong()) {
                return CheckResult.safety(name(), write.time(), "the resource accepted stale token " + token
                        + " from " + write.describe() + " after token " + highest.value() + " from " + highest.describe(),
                        List.of(highest, write));
            }
            if (highest == null || token > highest.value().asLong()) {
                firstOfHighest = write;
            } else if (!firstOfHighest.process().equals(write.process())) {
                return CheckResult.safety(name(), write.time(), "two holders wrote under token " + token + ": "
                        + firstOfHighest.describe() + " and " + write.describe(), List.of(firstOfHighest, write));
            }
            highest = write;
        }
        return CheckResult.valid(name());
    }
}
