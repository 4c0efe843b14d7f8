package dev.zksim.recipes.election;

/** What a candidate reports to its {@link ElectionListener}. */
public sealed interface ElectionState {

    /**
     * This candidate leads and has acknowledged it in the ack znode. The epoch is the ack
     * znode's version after the takeover's write: it grows with every new leader, so it can
     * serve as a fencing token.
     */
    record Leading(String node, long epoch) implements ElectionState {
    }

    /**
     * Another candidate leads (the lowest node when this one last listed). A follower watches
     * only its predecessor, so this name can be stale once a leader dies further down the line.
     */
    record Following(String leader) implements ElectionState {
    }

    /**
     * Disconnected: a leader must stop acting as one at once, because its session may expire
     * on the servers and another candidate take over before it hears of it.
     */
    record Suspended() implements ElectionState {
    }

    /** The candidate's node is gone (session expired, or deleted): start a new candidacy. */
    record Lost() implements ElectionState {
    }

    /** The candidate withdrew itself with stop(). */
    record Withdrawn() implements ElectionState {
    }
}
