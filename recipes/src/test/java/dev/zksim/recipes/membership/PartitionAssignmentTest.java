package dev.zksim.recipes.membership;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class PartitionAssignmentTest {

    @Test
    void membersSortedByNameShareThePartitionsRoundRobin() {
        List<String> view = List.of("c3", "c1", "c2");
        assertThat(PartitionAssignment.target(view, "c1", 7)).containsExactly(0, 3, 6);
        assertThat(PartitionAssignment.target(view, "c2", 7)).containsExactly(1, 4);
        assertThat(PartitionAssignment.target(view, "c3", 7)).containsExactly(2, 5);
    }

    @Test
    void aMemberMissingFromItsOwnViewOwnsNothing() {
        assertThat(PartitionAssignment.target(List.of("c1", "c2"), "c9", 4)).isEmpty();
        assertThat(PartitionAssignment.target(List.of(), "c1", 4)).isEmpty();
    }

    @Test
    void oneViewAssignsEveryPartitionToExactlyOneMember() {
        for (int members = 1; members <= 6; members++) {
            List<String> view = new ArrayList<>();
            for (int m = 1; m <= members; m++) {
                view.add("m" + m);
            }
            for (int partitions = 1; partitions <= 9; partitions++) {
                SortedSet<Integer> seen = new TreeSet<>();
                int total = 0;
                for (String member : view) {
                    SortedSet<Integer> mine = PartitionAssignment.target(view, member, partitions);
                    total += mine.size();
                    seen.addAll(mine);
                    assertThat(mine.size()).isBetween(partitions / members, partitions / members + 1);
                }
                assertThat(total).isEqualTo(partitions);
                assertThat(seen).hasSize(partitions);
            }
        }
    }
}
