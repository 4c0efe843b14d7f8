package dev.zksim.recipes.membership;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Which partitions a member should own, given the group as it sees it: the members sorted by
 * name share the partitions round-robin (partition p goes to member p mod n). A member that
 * is not in its own view should own nothing. Pure, so that it can be tested on its own; what
 * makes ownership safe is not this answer but the claim nodes of {@link PartitionClaims}.
 */
public final class PartitionAssignment {

    private PartitionAssignment() {
    }

    /** The partitions {@code me} should own among {@code partitions}, given {@code view}. */
    public static SortedSet<Integer> target(List<String> view, String me, int partitions) {
        List<String> members = new TreeSet<>(view).stream().toList();
        int index = members.indexOf(me);
        SortedSet<Integer> mine = new TreeSet<>();
        if (index < 0) {
            return mine;
        }
        for (int p = index; p < partitions; p += members.size()) {
            mine.add(p);
        }
        return mine;
    }
}
