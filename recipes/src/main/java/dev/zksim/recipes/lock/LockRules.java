package dev.zksim.recipes.lock;

import dev.zksim.recipes.support.SequentialName;
import java.util.List;
import java.util.function.BiFunction;

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
        return lowestHolds(children, me, (sorted, index) -> sorted.get(index - 1));
    }

    /**
     * The seed article's rule: the lowest node holds, but every waiter watches the lowest
     * node, so each release wakes every waiter (the herd effect) and all of them re-list.
     */
    public static LockDecision watchLowest(List<String> children, String me) {
        return lowestHolds(children, me, (sorted, index) -> sorted.getFirst());
    }

    /** The lowest node holds; a node further up watches the node the function picks. */
    private static LockDecision lowestHolds(List<String> children, String me,
            BiFunction<List<SequentialName>, Integer, SequentialName> watched) {
        List<SequentialName> sorted = SequentialName.sorted(children);
        int index = indexOf(sorted, me);
        if (index < 0) {
            return new LockDecision.NotQueued();
        }
        if (index == 0) {
            return new LockDecision.Acquired();
        }
        return new LockDecision.Watch(watched.apply(sorted, index).name());
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
