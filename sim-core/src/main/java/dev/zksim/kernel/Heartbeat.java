package dev.zksim.kernel;

/**
 * A pending event, or a message in flight, whose only work is to keep alive what already
 * exists: a ping and its answer, a report of the sessions a follower's clients touched, the
 * timers that send them and the periodic self-check. Such work changes no data, completes no
 * request and fires no watch as long as everyone answers it.
 *
 * <p>A run may therefore end early once nothing but heartbeats is pending
 * ({@link Simulation#onlyHeartbeatsPending()}) and the system is settled so that every
 * heartbeat will be answered (the ensemble's servers in one term and in step, every session
 * kept alive by a connected client with nothing outstanding): from there on the run would
 * only repeat heartbeats until its end, and its verdict can no longer change.
 */
public interface Heartbeat {

    /**
     * Whether this event or message is a heartbeat now. A wrapper answers for what it carries,
     * and an event that will be dropped when it falls due (cancelled, or left by a dead
     * incarnation of its process) does no work at all and answers true.
     */
    default boolean isHeartbeat() {
        return true;
    }
}
