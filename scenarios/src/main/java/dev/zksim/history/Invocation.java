package dev.zksim.history;

/**
 * The handle a workload keeps for an operation in flight. It completes exactly once: a
 * second completion is a workload bug (two answers to one question), so it throws rather
 * than writing a history no checker could interpret.
 */
public final class Invocation {
    private final HistoryRecorder recorder;
    private final Op invocation;
    private Op completion;

    Invocation(HistoryRecorder recorder, Op invocation) {
        this.recorder = recorder;
        this.invocation = invocation;
    }

    public Op invocation() {
        return invocation;
    }

    public boolean isDone() {
        return completion != null;
    }

    /** Completes with OK, keeping the invocation's value. */
    public Op ok() {
        return complete(OpType.OK, invocation.value(), "");
    }

    /** Completes with OK and the value the operation returned (the item dequeued, the token). */
    public Op ok(Value value) {
        return complete(OpType.OK, value, "");
    }

    /** The operation certainly did not take effect. */
    public Op fail(String note) {
        return complete(OpType.FAIL, invocation.value(), note);
    }

    /** The client cannot tell whether the operation took effect. */
    public Op info(String note) {
        return complete(OpType.INFO, invocation.value(), note);
    }

    private Op complete(OpType type, Value value, String note) {
        if (completion != null) {
            throw new IllegalStateException("already completed: " + invocation + " by " + completion);
        }
        completion = recorder.record(invocation.process(), type, invocation.f(), value, note);
        return completion;
    }
}
