package dev.zksim.protocol;

import dev.zksim.api.WatchedEvent;
import dev.zksim.kernel.Heartbeat;

/** What a server sends on a client connection. */
public sealed interface ServerPacket {

    /**
     * The answer to a ConnectRequest. A timeout of 0 with session id 0 means the session is
     * expired (or the password was wrong): the client fires Expired and closes the handle.
     */
    record ConnectResponse(int timeoutMs, long sessionId, long password) implements ServerPacket {
        public boolean isExpired() {
            return timeoutMs <= 0;
        }
    }

    /**
     * The answer to a Request. zxid is the server's last processed zxid when it replied;
     * err is a KeeperException code (0 = OK), and response is null unless err is 0.
     */
    record Reply(int xid, long zxid, int err, Response response) implements ServerPacket {
    }

    /** A watch notification (xid -1): it does not update the client's last zxid. */
    record Notification(WatchedEvent event) implements ServerPacket {
    }

    /** The answer to a Ping (xid -2): it does not update the client's last zxid either. */
    record Pong() implements ServerPacket, Heartbeat {
    }
}
