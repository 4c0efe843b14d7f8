package dev.zksim.testkit;

import dev.zksim.kernel.Time;

/**
 * The liveness bounds of the catalogue. After the heal, ZooKeeper itself may need up to
 * {@link dev.zksim.ensemble.EnsembleConfig#quorumRecoveryBound()} before a quorum serves
 * again (a follower whose leader went silent during its sync waits initLimit ticks), and
 * only a serving leader expires sessions. A client whose process crashed leaves its session,
 * and so its ephemeral nodes, behind until that session expires; a waiter queued behind such
 * a node cannot be served sooner. So every bound starts from the quorum's recovery time and
 * two session timeouts (expiry, plus the new session's own reconnect), and adds the work the
 * workload still has to do.
 */
public final class Bounds {

    private Bounds() {
    }

    /** The quorum's recovery time, two session timeouts and the workload's own time, in microseconds. */
    public static long afterHeal(SwarmKnobs swarm, long work) {
        return swarm.config().quorumRecoveryBound() + 2 * Time.millis(swarm.config().sessionTimeoutMs()) + work;
    }
}
