package dev.zksim.history;

import java.util.Optional;

/**
 * An invocation and the completion that answered it, if any arrived. A missing completion
 * means the operation was still pending when the history ended.
 */
public record OpPair(Op invocation, Optional<Op> completion) {

    public OpPair {
        if (!invocation.isInvoke()) {
            throw new IllegalArgumentException("a pair starts with an invocation, not " + invocation);
        }
        completion.ifPresent(op -> {
            if (!op.type().isCompletion() || !op.process().equals(invocation.process())) {
                throw new IllegalArgumentException(op + " does not complete " + invocation);
            }
        });
    }

    public String process() {
        return invocation.process();
    }

    public OpKind f() {
        return invocation.f();
    }

    public boolean isPending() {
        return completion.isEmpty();
    }

    /** True when the operation completed with OK. */
    public boolean succeeded() {
        return completion.map(Op::isOk).orElse(false);
    }
}
