package dev.zksim.testkit;

import dev.zksim.kernel.Time;

/**
 * The liveness bounds of the catalogue. After the heal, a client whose process crashed
 * leaves its session, and so its ephemeral nodes, behind until the session expires; a
 * waiter queued behind such a node cannot be served sooner. So every bound starts from two
 * session timeouts (expiry, plus the new session's own reconnect), and adds the work the
 * workload still has to do.
 */
public final class Bounds {

    private Bounds() {
    }

    /** Two session timeouts plus the workload's own time, in microseconds. */
    public static long afterHeal(SwarmKnobs swarm, long work) {
        return 2 * Time.millis(swarm.config().sessionTimeoutMs()) + work;
    }
}
