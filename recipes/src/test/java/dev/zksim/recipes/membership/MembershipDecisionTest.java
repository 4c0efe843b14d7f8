package dev.zksim.recipes.membership;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.recipes.membership.MembershipDecision.ViewChange;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.HolderState;
import java.util.List;
import org.junit.jupiter.api.Test;

class MembershipDecisionTest {

    @Test
    void viewsAreSortedAndOnlyChangesAreReported() {
        assertThat(MembershipDecision.view(null, List.of("b", "a")))
                .isEqualTo(new ViewChange.Changed(List.of("a", "b"), List.of("a", "b"), List.of()));
        assertThat(MembershipDecision.view(List.of("a", "b"), List.of("b", "a"))).isEqualTo(new ViewChange.Unchanged());
        assertThat(MembershipDecision.view(List.of("a", "b"), List.of("c", "a")))
                .isEqualTo(new ViewChange.Changed(List.of("a", "c"), List.of("c"), List.of("b")));
        assertThat(MembershipDecision.view(List.of("a"), List.of()))
                .isEqualTo(new ViewChange.Changed(List.of(), List.of(), List.of("a")));
        assertThat(MembershipDecision.view(null, List.of())).isEqualTo(new ViewChange.Changed(List.of(), List.of(), List.of()));
    }

    @Test
    void aMemberIsHeldOnlyWhenConnectedWithItsNode() {
        for (ConnectionState connection : ConnectionState.values()) {
            for (boolean exists : List.of(true, false)) {
                HolderState expected = switch (connection) {
                    case CONNECTED -> exists ? HolderState.HELD : HolderState.LOST;
                    case SUSPENDED -> HolderState.SUSPENDED;
                    case LOST -> HolderState.LOST;
                };
                assertThat(MembershipDecision.member(connection, exists)).isEqualTo(expected);
            }
        }
    }
}
