package dev.zksim.kernel.net;

/**
 * What a process does with one of its connections. Calls run inside the owning process (so
 * never while it is crashed, and late if it is paused), in the order the network delivers.
 */
public interface ConnectionHandler {
    /** The connection this process initiated is established. */
    default void onConnected(Connection connection) {
    }

    void onMessage(Connection connection, Object message);

    /**
     * The connection is gone: closed by the peer, reset because the peer crashed or a fault
     * cut it, or refused. A connection cut silently by a partition never calls this: as with
     * real TCP, the process learns of it only through its own timeouts.
     */
    void onClosed(Connection connection, String reason);
}
