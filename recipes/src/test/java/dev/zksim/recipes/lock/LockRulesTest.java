package dev.zksim.recipes.lock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.Stat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The pure decision functions of the locks, checked against every small directory. */
class LockRulesTest {
    private static final int MAX = 6;

    /** A name whose guid prefix sorts in a different order than its counter. */
    static String name(int sequence) {
        return String.format(Locale.ROOT, "c%d_1-lock-%010d", (sequence * 7) % 5, sequence);
    }

    /** Every subset of {0..MAX-1}, as sorted lists of sequence numbers. */
    static List<List<Integer>> subsets() {
        List<List<Integer>> all = new ArrayList<>();
        for (int mask = 0; mask < (1 << MAX); mask++) {
            List<Integer> members = new ArrayList<>();
            for (int i = 0; i < MAX; i++) {
                if ((mask & (1 << i)) != 0) {
                    members.add(i);
                }
            }
            all.add(members);
        }
        return all;
    }

    static List<String> listing(List<Integer> members) {
        List<String> names = new ArrayList<>(members.stream().map(LockRulesTest::name).toList());
        // getChildren's order is unspecified: feed the rule a scrambled one, plus a stray name.
        Collections.reverse(names);
        names.add("leader");
        return names;
    }

    @Test
    void exclusiveHoldsOnlyWhenLowestAndOtherwiseWatchesTheNextLowerNode() {
        int cases = 0;
        for (List<Integer> members : subsets()) {
            for (int me = 0; me < MAX; me++) {
                LockDecision decision = LockRules.exclusive(listing(members), name(me));
                assertThat(decision).as("%s me=%d", members, me).isEqualTo(expectedExclusive(members, me));
                cases++;
            }
        }
        assertThat(cases).isEqualTo(64 * MAX);
    }

    private static LockDecision expectedExclusive(List<Integer> members, int me) {
        if (!members.contains(me)) {
            return new LockDecision.NotQueued();
        }
        int below = -1;
        for (int member : members) {
            if (member < me) {
                below = member;
            }
        }
        return below < 0 ? new LockDecision.Acquired() : new LockDecision.Watch(name(below));
    }

    @Test
    void watchLowestHoldsOnlyWhenLowestAndOtherwiseWatchesTheLowest() {
        for (List<Integer> members : subsets()) {
            for (int me = 0; me < MAX; me++) {
                LockDecision expected = !members.contains(me) ? new LockDecision.NotQueued()
                        : members.getFirst() == me ? new LockDecision.Acquired()
                        : new LockDecision.Watch(name(members.getFirst()));
                assertThat(LockRules.watchLowest(listing(members), name(me))).isEqualTo(expected);
            }
        }
    }

    @Test
    void bothRulesAgreeOnWhoHoldsAndOnlyTheWatchedNodeDiffers() {
        for (List<Integer> members : subsets()) {
            for (int me : members) {
                LockDecision exclusive = LockRules.exclusive(listing(members), name(me));
                LockDecision lowest = LockRules.watchLowest(listing(members), name(me));
                assertThat(exclusive instanceof LockDecision.Acquired).isEqualTo(lowest instanceof LockDecision.Acquired);
            }
        }
    }

    @Test
    void theCounterNotTheNameOrdersNodes() {
        List<String> children = List.of("zzz-lock-0000000001", "aaa-lock-0000000002");
        assertThat(LockRules.exclusive(children, "zzz-lock-0000000001")).isEqualTo(new LockDecision.Acquired());
        assertThat(LockRules.exclusive(children, "aaa-lock-0000000002"))
                .isEqualTo(new LockDecision.Watch("zzz-lock-0000000001"));
    }

    @Test
    void equalCountersAreOrderedByName() {
        List<String> children = List.of("b-lock-0000000003", "a-lock-0000000003", "c-lock-0000000001", "d-lock-0000000002");
        assertThat(LockRules.exclusive(children, "b-lock-0000000003")).isEqualTo(new LockDecision.Watch("a-lock-0000000003"));
        assertThat(LockRules.exclusive(children, "a-lock-0000000003")).isEqualTo(new LockDecision.Watch("d-lock-0000000002"));
        assertThat(LockRules.watchLowest(children, "b-lock-0000000003")).isEqualTo(new LockDecision.Watch("c-lock-0000000001"));
        assertThat(LockRules.exclusive(children, "c-lock-0000000001")).isEqualTo(new LockDecision.Acquired());
    }

    @Test
    void theLockFileDecisionRecognisesItsOwnSessionAndWaitsForOthers() {
        Stat mine = stat(17, 0x42);
        Stat theirs = stat(18, 0x43);
        assertThat(LockFileDecision.decide(null, 0x42)).isEqualTo(new LockFileDecision.TryCreate());
        assertThat(LockFileDecision.decide(mine, 0x42)).isEqualTo(new LockFileDecision.Held(17));
        assertThat(LockFileDecision.decide(theirs, 0x42)).isEqualTo(new LockFileDecision.Wait());
        assertThat(LockFileDecision.decide(stat(19, 0), 0)).as("no session yet owns nothing")
                .isEqualTo(new LockFileDecision.Wait());
    }

    static Stat stat(long czxid, long owner) {
        return new Stat(czxid, czxid, 0, 0, 0, 0, 0, owner, 0, 0, czxid);
    }
}
