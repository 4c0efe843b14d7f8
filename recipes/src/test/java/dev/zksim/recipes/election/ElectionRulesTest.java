package dev.zksim.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.Stat;
import dev.zksim.api.ZooKeeperClient.DataAndStat;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The election's pure rules over every small election directory. */
class ElectionRulesTest {
    private static final int MAX = 6;

    static String name(int sequence) {
        return String.format(Locale.ROOT, "c%d_1-n_%010d", (sequence * 3) % 4, sequence);
    }

    @Test
    void theSmallestLeadsAndEveryOtherWatchesOnlyItsPredecessor() {
        int cases = 0;
        for (int mask = 0; mask < (1 << MAX); mask++) {
            List<Integer> members = new ArrayList<>();
            List<String> listing = new ArrayList<>(List.of("leader"));
            for (int i = MAX - 1; i >= 0; i--) {
                if ((mask & (1 << i)) != 0) {
                    members.addFirst(i);
                    listing.add(name(i));
                }
            }
            for (int me = 0; me < MAX; me++) {
                assertThat(ElectionRules.decide(listing, name(me))).isEqualTo(expected(members, me));
                cases++;
            }
        }
        assertThat(cases).isEqualTo(64 * MAX);
    }

    private static ElectionDecision expected(List<Integer> members, int me) {
        if (!members.contains(me)) {
            return new ElectionDecision.NotCandidate();
        }
        int index = members.indexOf(me);
        if (index == 0) {
            return new ElectionDecision.Lead();
        }
        return new ElectionDecision.Follow(name(members.get(index - 1)), name(members.getFirst()));
    }

    @Test
    void theTakeoverCreatesOverwritesOrRecognisesItsOwnAck() {
        String me = name(3);
        assertThat(ElectionRules.takeover(Optional.empty(), me)).isEqualTo(new Takeover.CreateAck());
        assertThat(ElectionRules.takeover(Optional.of(ack(name(1), 4)), me)).isEqualTo(new Takeover.OverwriteAck(4));
        assertThat(ElectionRules.takeover(Optional.of(ack(me, 5)), me)).isEqualTo(new Takeover.AlreadyAcknowledged(5));
        assertThat(ElectionRules.takeover(Optional.of(new DataAndStat(null, stat(2))), me))
                .isEqualTo(new Takeover.OverwriteAck(2));
    }

    private static DataAndStat ack(String leader, int version) {
        return new DataAndStat(leader.getBytes(StandardCharsets.UTF_8), stat(version));
    }

    private static Stat stat(int version) {
        return new Stat(1, 2, 0, 0, version, 0, 0, 0, 0, 0, 1);
    }
}
