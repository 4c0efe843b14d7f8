package dev.zksim.kernel;

/**
 * Decides, when an event bound to its owner falls due, whether it runs. A process is the
 * gate of its timers and of the messages delivered to it: it drops what a dead incarnation
 * left behind and holds what falls due while it is paused. The event carries the gate and
 * the incarnation it was scheduled under itself, so that a timer or a message in flight is
 * one object in the queue rather than an action inside a wrapper.
 */
public interface EventGate {

    /**
     * Whether the event runs now. If not, the gate either dropped it (a dead incarnation's) or
     * took it to run later through {@link GatedEvent#runAdmitted()}, in order with the rest of
     * what it holds.
     */
    boolean admits(int incarnation, GatedEvent event);

    /** Whether an event of this incarnation would be dropped if it fell due now (its incarnation is dead). */
    boolean drops(int incarnation);

    /** The gate's part of an event's {@link PendingDescription#stateHash()}: whose it is and whether it is stale. */
    long stateHash(int incarnation);
}
