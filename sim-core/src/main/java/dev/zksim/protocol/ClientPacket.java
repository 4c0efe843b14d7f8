package dev.zksim.protocol;

import dev.zksim.kernel.Heartbeat;

/** What a client sends on its connection to a server. */
public sealed interface ClientPacket {

    /**
     * The first packet on a connection: a new session (sessionId 0) or a reconnect. The
     * server refuses a client whose lastZxidSeen is ahead of its own state.
     */
    record ConnectRequest(long lastZxidSeen, int timeoutMs, long sessionId, long password) implements ClientPacket {
    }

    /** A request with the client's sequence number (xid), answered by a Reply with the same xid. */
    record Request(int xid, Operation operation) implements ClientPacket {
    }

    /** A heartbeat (xid -2 in ZooKeeper); it touches the session and is answered by a Pong. */
    record Ping() implements ClientPacket, Heartbeat {
    }
}
