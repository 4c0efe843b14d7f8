package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;

/** A terse way to write histories in tests: set the time in milliseconds, then add ops. */
final class Hist {
    private final History history = new History();
    private long time;

    Hist at(long millis) {
        time = millis * 1_000;
        return this;
    }

    Hist invoke(String process, OpKind f) {
        return add(process, OpType.INVOKE, f, Value.NONE);
    }

    Hist invoke(String process, OpKind f, Value value) {
        return add(process, OpType.INVOKE, f, value);
    }

    Hist ok(String process, OpKind f) {
        return add(process, OpType.OK, f, Value.NONE);
    }

    Hist ok(String process, OpKind f, Value value) {
        return add(process, OpType.OK, f, value);
    }

    Hist fail(String process, OpKind f) {
        return add(process, OpType.FAIL, f, Value.NONE);
    }

    /** A FAIL the caller gave up, with the note the workloads give it. */
    Hist gaveUp(String process, OpKind f) {
        history.append(process, OpType.FAIL, f, Value.NONE, time, Op.GAVE_UP);
        return this;
    }

    Hist info(String process, OpKind f) {
        return add(process, OpType.INFO, f, Value.NONE);
    }

    /** Invocation and OK completion at the current time. */
    Hist call(String process, OpKind f, Value value) {
        return invoke(process, f, value).ok(process, f, value);
    }

    Hist call(String process, OpKind f) {
        return call(process, f, Value.NONE);
    }

    Hist add(String process, OpType type, OpKind f, Value value) {
        history.append(process, type, f, value, time, "");
        return this;
    }

    History history() {
        return history;
    }

    Op op(long index) {
        return history.ops().stream().filter(op -> op.index() == index).findFirst().orElseThrow();
    }

    static Value v(long number) {
        return Value.of(number);
    }

    static Value v(String text) {
        return Value.of(text);
    }
}
