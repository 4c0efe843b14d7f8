package dev.zksim.server;

import dev.zksim.kernel.trace.TraceEvent;

/**
 * What the server reports to the trace. Session ids print in hex as ZooKeeper's logs do;
 * every component is a primitive or a string, so the text is stable across runs.
 */
public sealed interface ServerEvent extends TraceEvent {

    /** The server (re)started from disk and listens for clients. */
    record Started(long snapshotZxid, int replayedTxns, long lastZxid, int sessions) implements ServerEvent {
    }

    record SessionCreated(String session, int timeoutMs, long zxid) implements ServerEvent {
    }

    /** A client reconnected with a live session on a new connection. */
    record SessionReopened(String session, long connection, int timeoutMs) implements ServerEvent {
    }

    /** The deadline passed (or the fault injector expired it); a closeSession follows. */
    record SessionExpired(String session, int timeoutMs) implements ServerEvent {
    }

    /** The session's closeSession txn was applied; its ephemerals are gone. */
    record SessionClosed(String session, long zxid, int ephemeralsDeleted) implements ServerEvent {
    }

    record RequestReceived(String session, int xid, String op) implements ServerEvent {
    }

    record TxnCommitted(long zxid, String type) implements ServerEvent {
    }

    /**
     * A request the leader (or a standalone server) dropped unanswered because its session is
     * closing or gone: ZooKeeper's touch fails in submitRequestNow, and the request is dropped.
     */
    record RequestDropped(String session, int xid) implements ServerEvent {
    }

    record ReplySent(String session, int xid, int err, long zxid) implements ServerEvent {
    }

    /** A ConnectRequest the server refused by closing the connection. */
    record ConnectionRefused(long connection, String reason) implements ServerEvent {
    }

    /** The server closed a connection, or learnt that the client did. */
    record ConnectionClosed(long connection, String reason) implements ServerEvent {
    }
}
