package dev.zksim.client;

import dev.zksim.kernel.Time;

/**
 * The client timers of reference section 4.2, computed from a session timeout in
 * milliseconds with ZooKeeper's integer arithmetic and returned in simulated microseconds.
 * Kept apart from the state machine so the rules can be tested on their own.
 */
final class SessionTimeouts {
    private static final long ONE_SECOND_MS = 1_000;

    private SessionTimeouts() {
    }

    /** Nothing received for this long while connected drops the connection: 2/3 of the timeout. */
    static long readTimeout(int timeoutMs) {
        return Time.millis(timeoutMs * 2L / 3);
    }

    /** A connect attempt that has not completed its handshake after this long is abandoned. */
    static long connectTimeout(int timeoutMs, int servers) {
        return Time.millis(timeoutMs / servers);
    }

    /** Nothing heard from any server for this long ends the session on the client: 4/3. */
    static long expirationTimeout(int timeoutMs) {
        return Time.millis(timeoutMs * 4L / 3);
    }

    /**
     * How long the connection may stay idle on the sending side before a ping is due.
     * ZooKeeper pings when {@code idleSend >= readTimeout/2 - (idleSend > 1000 ? 1000 : 0)}
     * in whole milliseconds, or when idleSend exceeds the maximum idle interval; this is the
     * smallest idle time that satisfies either rule.
     */
    static long pingIdle(int timeoutMs, int maxIdleSendMs) {
        long halfRead = timeoutMs * 2L / 3 / 2;
        long byReadTimeout = halfRead <= ONE_SECOND_MS ? halfRead : Math.max(halfRead - ONE_SECOND_MS, ONE_SECOND_MS + 1);
        return Time.millis(Math.min(byReadTimeout, maxIdleSendMs + 1L));
    }
}
