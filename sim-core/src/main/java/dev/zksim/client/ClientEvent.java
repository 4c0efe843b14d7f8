package dev.zksim.client;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.kernel.trace.TraceEvent;

/** What the client library records in the trace, one small record per step of its life. */
public sealed interface ClientEvent extends TraceEvent {

    /** A connect attempt starts, after sleeping this long (backoff plus jitter). */
    record Connecting(String server, long sleptMicros) implements ClientEvent {
    }

    /** The handshake succeeded: the session and its negotiated timeout. */
    record Connected(String server, long sessionId, int timeoutMs) implements ClientEvent {
    }

    /** A connection or connect attempt was given up; the client will try the next server. */
    record Disconnected(String server, String reason) implements ClientEvent {
    }

    /** The session is gone: a server said so, or the client's own 4/3 timer ran out. */
    record Expired(long sessionId, String reason) implements ClientEvent {
    }

    /** The handle was closed by {@code close()}. */
    record Closed(long sessionId) implements ClientEvent {
    }

    /** A request went onto the wire. */
    record RequestSent(int xid, String operation) implements ClientEvent {
    }

    /** A request completed: with the server's code, or locally with ConnectionLoss or SessionExpired. */
    record RequestCompleted(int xid, Code code) implements ClientEvent {
    }
}
