package dev.zksim.client;

/**
 * The timestamps the client's timers run on, and the decision of what is due when
 * (reference section 4.2), without any side effect so it can be reasoned about alone.
 * ZooKeeper's send thread checks the same conditions each time it wakes up; here one timer
 * wakes at {@link #nextDeadline} and asks {@link #due}.
 */
final class ConnectionClock {

    /** What a wake-up must do, most drastic first. */
    enum Due {
        EXPIRE,
        READ_TIMEOUT,
        CONNECT_TIMEOUT,
        PING,
        NOTHING
    }

    /** What the timers depend on besides the timestamps. */
    record Situation(boolean hasConnection, boolean connected, boolean expiryArmed, int timeoutMs, int servers,
            int maxIdleSendMs) {
    }

    private long attemptStartedAt;
    private long lastSendAt;
    private long lastReceivedAt;
    private long lastHeardAt;

    /** A connect attempt starts: the connect timeout counts from here. */
    void attemptStarted(long now) {
        attemptStartedAt = now;
        lastReceivedAt = now;
    }

    void sent(long now) {
        lastSendAt = now;
    }

    /** Any packet from a server: resets the read timeout and the client-side expiry. */
    void received(long now) {
        lastReceivedAt = now;
        lastHeardAt = now;
    }

    long sinceReceived(long now) {
        return now - lastReceivedAt;
    }

    long sinceHeard(long now) {
        return now - lastHeardAt;
    }

    long sinceAttemptStarted(long now) {
        return now - attemptStartedAt;
    }

    Due due(long now, Situation situation) {
        int timeoutMs = situation.timeoutMs();
        if (situation.expiryArmed() && now - lastHeardAt >= SessionTimeouts.expirationTimeout(timeoutMs)) {
            return Due.EXPIRE;
        }
        if (!situation.hasConnection()) {
            return Due.NOTHING;
        }
        if (!situation.connected()) {
            boolean late = now - attemptStartedAt >= SessionTimeouts.connectTimeout(timeoutMs, situation.servers());
            return late ? Due.CONNECT_TIMEOUT : Due.NOTHING;
        }
        if (now - lastReceivedAt >= SessionTimeouts.readTimeout(timeoutMs)) {
            return Due.READ_TIMEOUT;
        }
        boolean idle = now - lastSendAt >= SessionTimeouts.pingIdle(timeoutMs, situation.maxIdleSendMs());
        return idle ? Due.PING : Due.NOTHING;
    }

    /** The earliest time at which {@link #due} may answer something else, or Long.MAX_VALUE. */
    long nextDeadline(Situation situation) {
        int timeoutMs = situation.timeoutMs();
        long deadline = Long.MAX_VALUE;
        if (situation.expiryArmed()) {
            deadline = lastHeardAt + SessionTimeouts.expirationTimeout(timeoutMs);
        }
        if (situation.hasConnection() && situation.connected()) {
            deadline = Math.min(deadline, lastReceivedAt + SessionTimeouts.readTimeout(timeoutMs));
            deadline = Math.min(deadline, lastSendAt + SessionTimeouts.pingIdle(timeoutMs, situation.maxIdleSendMs()));
        } else if (situation.hasConnection()) {
            deadline = Math.min(deadline, attemptStartedAt + SessionTimeouts.connectTimeout(timeoutMs, situation.servers()));
        }
        return deadline;
    }
}
