package dev.zksim.recipes.semaphore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.recipes.lock.LockDecision;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The semaphore's decision function against every small directory and every permit count. */
class PermitRulesTest {
    private static final int MAX = 6;

    /** A name whose guid prefix sorts in a different order than its counter. */
    private static String name(int sequence) {
        return String.format(Locale.ROOT, "c%d_1-lease-%010d", (sequence * 7) % 5, sequence);
    }

    private static List<String> listing(List<Integer> members) {
        List<String> names = new ArrayList<>(members.stream().map(PermitRulesTest::name).toList());
        Collections.reverse(names);
        names.add("stray");
        return names;
    }

    @Test
    void aNodeHoldsExactlyWhenFewerThanNNodesAreBelowIt() {
        int cases = 0;
        for (int mask = 0; mask < (1 << MAX); mask++) {
            List<Integer> members = new ArrayList<>();
            for (int i = 0; i < MAX; i++) {
                if ((mask & (1 << i)) != 0) {
                    members.add(i);
                }
            }
            for (int permits = 1; permits <= MAX; permits++) {
                int held = 0;
                for (int i = 0; i < MAX; i++) {
                    int me = i;
                    LockDecision decision = PermitRules.permits(permits).decide(listing(members), name(me));
                    int below = (int) members.stream().filter(other -> other < me).count();
                    LockDecision expected = !members.contains(me) ? new LockDecision.NotQueued()
                            : below < permits ? new LockDecision.Acquired() : new LockDecision.WatchChildren();
                    assertThat(decision).as("%s me=%d permits=%d", members, me, permits).isEqualTo(expected);
                    held += decision instanceof LockDecision.Acquired ? 1 : 0;
                    cases++;
                }
                assertThat(held).isEqualTo(Math.min(permits, members.size()));
            }
        }
        assertThat(cases).isEqualTo((1 << MAX) * MAX * MAX);
    }

    @Test
    void aSemaphoreWithoutPermitsIsRefused() {
        assertThatThrownBy(() -> PermitRules.permits(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
