package dev.zksim.recipes.election;

/** What a candidate does after listing the election directory. */
public sealed interface ElectionDecision {

    /** No candidate has a lower sequence number: take over (and then acknowledge it). */
    record Lead() implements ElectionDecision {
    }

    /**
     * Follow: watch only the predecessor (the next-lower node), never the leader, so a
     * leader's death wakes one candidate. The leader is the lowest node as of this listing.
     */
    record Follow(String predecessor, String leader) implements ElectionDecision {
    }

    /** The candidate's own node is not in the listing (expired or deleted). */
    record NotCandidate() implements ElectionDecision {
    }
}
