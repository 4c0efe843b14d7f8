package dev.zksim.kernel.process;

import dev.zksim.kernel.trace.TraceEvent;

/** Lifecycle events of a simulated process, as they appear in the trace. */
public sealed interface ProcessEvent extends TraceEvent {
    record Started(int incarnation) implements ProcessEvent {
    }

    record Crashed(int lostIncarnation) implements ProcessEvent {
    }

    record Paused() implements ProcessEvent {
    }

    record Resumed(int deferredEvents) implements ProcessEvent {
    }
}
