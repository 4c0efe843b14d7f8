package dev.zksim.kernel.net;

import dev.zksim.kernel.trace.TraceEvent;
import java.util.List;

/**
 * Network events as they appear in the trace. Messages are kept as objects and printed
 * (their toString is their canonical text) only when the trace records them, so a run with
 * the trace off pays nothing for them.
 */
public sealed interface NetEvent extends TraceEvent {
    record Connect(long connection, String from, String to) implements NetEvent {
    }

    record Accepted(long connection, String from, String to) implements NetEvent {
    }

    record Delivered(long connection, String from, String to, long sentAt, Object message) implements NetEvent {
    }

    record Dropped(long connection, String from, String to, String reason, Object message) implements NetEvent {
    }

    record Closed(long connection, String at, String reason) implements NetEvent {
    }

    record Partitioned(List<String> blockedLinks) implements NetEvent {
    }

    record Healed() implements NetEvent {
    }

    record Clogged(String a, String b, long extraDelay, long until) implements NetEvent {
    }

    record ReplyTrapSet(long connection, String sender, String match) implements NetEvent {
    }
}
