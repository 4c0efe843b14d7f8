package dev.zksim.check;

import static dev.zksim.history.OpKind.CRASHED;
import static dev.zksim.history.OpKind.JOIN;
import static dev.zksim.history.OpKind.LEAVE_GROUP;
import static dev.zksim.history.OpKind.VIEW;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.Value;
import dev.zksim.kernel.FailureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class MembershipCheckerTest {
    private final MembershipChecker checker = new MembershipChecker(10_000);

    private static Value view(String... members) {
        return Value.sortedSet(List.of(members));
    }

    @Test
    void everyLiveMemberSeesExactlyTheLiveMembersAfterTheHeal() {
        Hist h = new Hist().at(0).call("c1", JOIN).call("c2", JOIN).call("c3", JOIN)
                .at(5).ok("c3", CRASHED).call("c2", LEAVE_GROUP)
                .at(12).ok("c1", VIEW, view("c1"));
        assertThat(checker.check(h.history()).isValid()).isTrue();
    }

    @Test
    void aStaleViewIsALivenessFailureNamingTheMember() {
        Hist h = new Hist().at(0).call("c1", JOIN).call("c2", JOIN)
                .at(5).ok("c1", VIEW, view("c1", "c2"))
                .at(12).ok("c2", VIEW, view("c2"));
        CheckResult.Violation violation = (CheckResult.Violation) checker.check(h.history());
        assertThat(violation.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(violation.explanation()).isEqualTo("c1 reported no view since the heal at 0.01s; "
                + "c2 VIEW ok [c2] at 0.012s (#5) differs from the live members [c1, c2]");
    }

    @Test
    void aViewStillListingACrashedMemberHasNotConverged() {
        Hist h = new Hist().at(0).call("c1", JOIN).call("c2", JOIN)
                .at(5).ok("c2", CRASHED)
                .at(12).ok("c1", VIEW, view("c1", "c2"));
        assertThat(checker.check(h.history()).isValid()).isFalse();
    }
}
