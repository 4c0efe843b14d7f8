package dev.zksim.client;

/**
 * The client's tunables, in milliseconds like ZooKeeper's own settings, with ZooKeeper
 * 3.9's values as the default.
 *
 * @param maxIdleSendMs a ping is sent once nothing has been sent for longer than this,
 *     whatever the session timeout (ZooKeeper's MAX_SEND_PING_INTERVAL, 10 s)
 * @param fullCycleBackoffMs the sleep before retrying a server after every server was
 *     tried without success (StaticHostProvider's spin delay, 1 s)
 * @param reconnectJitterMs the exclusive bound of the random sleep before every connect
 *     attempt except the first (1 s); 0 switches the jitter off
 * @param clientSideExpiry whether the client expires its own session after 4/3 of the
 *     negotiated timeout without hearing from any server (3.9.3 and later)
 * @param drawnOrders whether the order in which one event reaches several watchers is drawn
 *     from the choices (ZooKeeper keeps them in a hash set) or is registration order
 * @param packetLengthLimit the longest reply frame accepted; a longer one drops the
 *     connection ({@link #PACKET_LENGTH_LIMIT} as in ZooKeeper; Integer.MAX_VALUE only to
 *     show what the limit exposes)
 */
public record ClientConfig(int maxIdleSendMs, int fullCycleBackoffMs, int reconnectJitterMs, boolean clientSideExpiry,
        boolean drawnOrders, int packetLengthLimit) {

    /**
     * The longest reply frame the client accepts: ZooKeeper's client reads jute.maxbuffer
     * (default 0xfffff) into {@code ClientCnxnSocket.packetLen} and drops the connection
     * when a frame's length is over it ({@code readLength}, 3.9).
     */
    public static final int PACKET_LENGTH_LIMIT = 0xfffff;

    public static final ClientConfig DEFAULT = new ClientConfig(10_000, 1_000, 1_000, true, true, PACKET_LENGTH_LIMIT);

    /** A configuration with the watcher order drawn. */
    public ClientConfig(int maxIdleSendMs, int fullCycleBackoffMs, int reconnectJitterMs, boolean clientSideExpiry) {
        this(maxIdleSendMs, fullCycleBackoffMs, reconnectJitterMs, clientSideExpiry, true, PACKET_LENGTH_LIMIT);
    }

    public ClientConfig withDrawnOrders(boolean drawn) {
        return new ClientConfig(maxIdleSendMs, fullCycleBackoffMs, reconnectJitterMs, clientSideExpiry, drawn,
                packetLengthLimit);
    }

    public ClientConfig withPacketLengthLimit(int limit) {
        return new ClientConfig(maxIdleSendMs, fullCycleBackoffMs, reconnectJitterMs, clientSideExpiry, drawnOrders, limit);
    }

    public ClientConfig {
        if (maxIdleSendMs <= 0 || fullCycleBackoffMs < 0 || reconnectJitterMs < 0 || packetLengthLimit <= 0) {
            throw new IllegalArgumentException("bad client config: maxIdleSendMs=" + maxIdleSendMs
                    + " fullCycleBackoffMs=" + fullCycleBackoffMs + " reconnectJitterMs=" + reconnectJitterMs);
        }
    }
}
