package dev.zksim.server;

import dev.zksim.kernel.choice.Choices;
import java.util.List;

/**
 * The orders ZooKeeper leaves unspecified, drawn instead of fixed. A getChildren list comes
 * from a hash set of names on the real server, and a closed session's ephemerals are listed
 * from a hash set by the leader's preparer (so every replica deletes them, and fires their
 * NodeDeleted events, in the one order the txn carries). Code that works with sorted output
 * but not with another order is wrong on a real ensemble, so each list is a permutation
 * drawn from a labelled sub-stream of the server's choices: seeded and replayable, shifting no
 * other stream, and shrinking toward sorted order (all draws 0 leave a sorted list as it is).
 */
public final class UnspecifiedOrders {
    private final boolean drawn;
    private final Choices children;
    private final Choices ephemerals;
    private final Choices server;
    /** Made on first need, so that servers without containers have exactly the streams they had. */
    private Choices containers;

    /** @param drawn false keeps every list sorted, only to show what the drawn orders expose */
    public UnspecifiedOrders(Choices server, boolean drawn) {
        this.drawn = drawn;
        this.children = server.stream("children-order");
        this.ephemerals = server.stream("ephemeral-order");
        this.server = server;
    }

    /**
     * The children of one node, in the order a getChildren reply lists them, as an immutable
     * list that the reply keeps without copying it again. The names are copied into an array
     * by index (the tree's sorted list would copy itself through an iterator) and shuffled
     * there ({@link Choices#shuffleInPlace}, the draws of {@link Choices#shuffle}): every
     * getChildren reply is shuffled.
     */
    public List<String> children(List<String> sorted) {
        if (!drawn || sorted.size() < 2) {
            return sorted;
        }
        // An Object[], not a String[]: a swap stores into the array without checking the
        // element's type. List.of copies the names into an Object[] anyway.
        Object[] names = new Object[sorted.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = sorted.get(i);
        }
        children.shuffleInPlace(names);
        @SuppressWarnings("unchecked")
        List<String> shuffled = (List<String>) (List<?>) List.of(names);
        return shuffled;
    }

    /** The container manager's candidates, in the order it submits their deletions. */
    public List<String> containers(List<String> sorted) {
        if (!drawn || sorted.size() < 2) {
            return sorted;
        }
        if (containers == null) {
            containers = server.stream("container-order");
        }
        return containers.shuffle(sorted);
    }

    /** A closing session's ephemerals, in the order its closeSession txn deletes them. */
    public List<String> ephemerals(List<String> sorted) {
        return drawn && sorted.size() > 1 ? ephemerals.shuffle(sorted) : sorted;
    }
}
