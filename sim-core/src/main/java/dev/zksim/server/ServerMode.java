package dev.zksim.server;

/**
 * What differs between a standalone server and a quorum member, behind one interface so
 * that {@link ZkServer} keeps everything they share (connections, request queues, reads,
 * the commit path). A mode recovers the database at start, says when clients are served,
 * revalidates reconnecting sessions and owns the fault hooks that only make sense in it.
 */
sealed interface ServerMode permits StandaloneMode, QuorumMode {

    /** Recovers the database and starts listening; called once per process start. */
    void start();

    ServerRole role();

    /** True while clients may connect and be answered. */
    boolean isServing();

    long currentEpoch();

    /** True if this server expires sessions itself (standalone, or the serving leader). */
    boolean expiresSessions();

    /**
     * A reconnect with the right password: decide whether the session is still live and
     * answer through {@link ZkServer#reopened}, now or later.
     */
    void revalidate(ClientConnection connection, long sessionId, int timeoutMs);

    /** The lag fault: apply committed txns late for a while; false if this mode cannot. */
    boolean lagFor(long durationMicros);

    /** Whether the links to the other servers that heartbeats travel on are sound (true standalone, which has none). */
    default boolean peerLinksSound() {
        return true;
    }
}
