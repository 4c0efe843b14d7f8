package dev.zksim.history;

import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.trace.Trace;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * How workloads write the history. A workload calls {@link #invoke} when it asks a recipe for
 * something and completes the returned {@link Invocation} when the answer arrives; it calls
 * {@link #notify} for things it is told unasked (SUSPENDED, LOST, ELECTED by callback). Each
 * op is stamped with the simulation clock and, when a trace is attached, emitted into it so
 * the history feeds the run's digest.
 */
public final class HistoryRecorder {
    private final LongSupplier clock;
    private final Trace trace;
    private final History history = new History();

    /** A recorder that keeps the history only, for unit tests and real-cluster runs. */
    public HistoryRecorder(LongSupplier clock) {
        this(clock, null);
    }

    /** A recorder that also emits every op into the trace; the trace may be null. */
    public HistoryRecorder(LongSupplier clock, Trace trace) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.trace = trace;
    }

    /** A recorder reading the simulation's clock and writing into its trace. */
    public static HistoryRecorder attachedTo(Simulation simulation) {
        return new HistoryRecorder(simulation::now, simulation.trace());
    }

    public Invocation invoke(String process, OpKind f) {
        return invoke(process, f, Value.NONE);
    }

    public Invocation invoke(String process, OpKind f, Value value) {
        return new Invocation(this, record(process, OpType.INVOKE, f, value, ""));
    }

    public Op notify(String process, OpKind f) {
        return notify(process, f, Value.NONE, "");
    }

    public Op notify(String process, OpKind f, Value value) {
        return notify(process, f, value, "");
    }

    /** Records a notification: an OK op that answers no invocation. */
    public Op notify(String process, OpKind f, Value value, String note) {
        return record(process, OpType.OK, f, value, note);
    }

    /** The history so far; it keeps growing as the workload records. */
    public History history() {
        return history;
    }

    Op record(String process, OpType type, OpKind f, Value value, String note) {
        Op op = history.append(process, type, f, value, clock.getAsLong(), note);
        if (trace != null) {
            trace.emit(process, op.toTraceEvent());
        }
        return op;
    }
}
