package dev.zksim.recipes.semaphore;

import dev.zksim.recipes.lock.LockDecision;
import dev.zksim.recipes.lock.LockRule;
import dev.zksim.recipes.lock.LockRules;
import dev.zksim.recipes.support.SequentialName;
import java.util.List;

/**
 * The decision function of the lease semaphore: a lease node holds a permit when fewer than
 * N lease nodes have a lower sequence number. Ranks only ever fall (nodes are created with
 * ever higher numbers, and only deleted below), so a node that once held stays among the
 * lowest N until it is deleted, and at no instant do more than N live nodes believe they
 * hold. That is why, unlike Curator's InterProcessSemaphoreV2, which counts the children and
 * so needs a lock around lease creation, this rule needs no lock. A waiter cannot watch a
 * single node (the deletion of any of the nodes below it may let it in), so it watches the
 * directory's children.
 */
public final class PermitRules {

    private PermitRules() {
    }

    /** The rule for {@code permits} leases (at least 1). */
    public static LockRule permits(int permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("a semaphore has at least one permit, not " + permits);
        }
        return (children, me) -> decide(children, me, permits);
    }

    /** Holds if fewer than {@code permits} sequential nodes are below {@code me}; watches the children otherwise. */
    public static LockDecision decide(List<String> children, String me, int permits) {
        int rank = LockRules.indexOf(SequentialName.sorted(children), me);
        if (rank < 0) {
            return new LockDecision.NotQueued();
        }
        return rank < permits ? new LockDecision.Acquired() : new LockDecision.WatchChildren();
    }
}
