package dev.zksim.recipes.lock;

import dev.zksim.recipes.support.SequentialName;
import java.util.List;

/**
 * The decision functions of the exclusive lock and of its contrast variant. Children are
 * ordered by their sequence counter alone (never by the whole name, whose guid prefix
 * differs per client), and names without a counter are ignored.
 */
public final class LockRules {

    private LockRules() {
    }

    /**
     * The recipes page's rule: the lowest node holds; every other node waits for the node
     * just below it, so each deletion wakes exactly one waiter.
     */
    public static LockDecision exclusive(List<String> children, String me) {
        return lowestHolds(children, me, false);
    }

    /**
     * The seed article's rule: the lowest node holds, but every waiter watches the lowest
     * node, so each release wakes every waiter (the herd effect) and all of them re-list.
     */
    public static LockDecision watchLowest(List<String> children, String me) {
        return lowestHolds(children, me, true);
    }

    /**
     * The lowest node holds; a node further up watches the lowest node or the one just
     * below it. One pass over the listing, in the order {@link SequentialName#BY_SEQUENCE}
     * defines, without parsing or sorting the names: every waiter decides on every listing,
     * and sorting them was a thirtieth of a lock sweep.
     */
    private static LockDecision lowestHolds(List<String> children, String me, boolean watchLowest) {
        long mine = SequentialName.counterOf(me);
        boolean queued = false;
        String lowest = null;
        long lowestCounter = 0;
        String below = null;
        long belowCounter = 0;
        for (String child : children) {
            long counter = SequentialName.counterOf(child);
            if (counter < 0) {
                continue;
            }
            if (child.equals(me)) {
                queued = true;
            } else if (ordersBefore(counter, child, mine, me)) {
                if (lowest == null || ordersBefore(counter, child, lowestCounter, lowest)) {
                    lowest = child;
                    lowestCounter = counter;
                }
                if (below == null || ordersBefore(belowCounter, below, counter, child)) {
                    below = child;
                    belowCounter = counter;
                }
            }
        }
        if (!queued) {
            return new LockDecision.NotQueued();
        }
        if (lowest == null) {
            return new LockDecision.Acquired();
        }
        return new LockDecision.Watch(watchLowest ? lowest : below);
    }

    /** Whether one name orders before another: by counter, then by name (the impossible tie). */
    private static boolean ordersBefore(long counter, String name, long otherCounter, String other) {
        return counter < otherCounter || counter == otherCounter && name.compareTo(other) < 0;
    }

    /** The position of the name in the sorted list, or -1. */
    public static int indexOf(List<SequentialName> sorted, String me) {
        for (int i = 0; i < sorted.size(); i++) {
            if (sorted.get(i).name().equals(me)) {
                return i;
            }
        }
        return -1;
    }
}
