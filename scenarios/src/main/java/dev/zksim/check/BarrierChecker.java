package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.List;
import java.util.Optional;

/**
 * The simple barrier: while node b exists everyone waits; whoever removes b records LIFT.
 * No ENTER may complete OK (the process passed the barrier and proceeds) before the first
 * LIFT was invoked: the delete cannot be visible to anyone before it is even requested.
 * Comparing with the invocation rather than the completion is deliberate, since waiters are
 * told of the deletion by their watches, possibly before the lifter hears its own reply.
 * The checker judges one round; filter the history per round for reusable barriers.
 */
public final class BarrierChecker implements Checker {

    @Override
    public String name() {
        return "barrier";
    }

    @Override
    public CheckResult check(History history) {
        Optional<Op> lift = history.ops().stream().filter(op -> op.f().equals(OpKind.LIFT) && op.isInvoke()).findFirst();
        for (Op op : history) {
            if (!op.f().equals(OpKind.ENTER) || !op.isOk()) {
                continue;
            }
            if (lift.isEmpty()) {
                return CheckResult.safety(name(), op.time(), op.describe() + " passed a barrier nobody ever lifted",
                        List.of(op));
            }
            if (op.index() < lift.get().index()) {
                return CheckResult.safety(name(), op.time(), op.describe() + " passed the barrier before it was lifted by "
                        + lift.get().describe(), List.of(op, lift.get()));
            }
        }
        return CheckResult.valid(name());
    }
}
