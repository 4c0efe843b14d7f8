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
    void aMemberWhoseJoinsStillFailAfterTheBoundWasRefusedForGood() {
        MembershipChecker bounded = new MembershipChecker(10_000, 5_000);
        Hist h = new Hist().at(0).call("c1", JOIN)
                .at(14).invoke("c2", JOIN).fail("c2", JOIN)
                .at(15).invoke("c2", JOIN).fail("c2", JOIN)
                .at(16).ok("c1", VIEW, view("c1"));
        CheckResult.Violation violation = (CheckResult.Violation) bounded.check(h.history());
        assertThat(violation.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(violation.explanation()).startsWith("c2 JOIN fail at 0.015s");
        assertThat(checker.check(h.history()).isValid()).as("judged only with a bound").isTrue();
    }

    @Test
    void aJoinRefusedBeforeTheBoundOrFollowedBySuccessIsFine() {
        MembershipChecker bounded = new MembershipChecker(10_000, 5_000);
        Hist early = new Hist().at(0).call("c1", JOIN)
                .at(12).invoke("c2", JOIN).fail("c2", JOIN)
                .at(16).ok("c1", VIEW, view("c1"));
        assertThat(bounded.check(early.history()).isValid()).isTrue();
        Hist joinedLater = new Hist().at(0).call("c1", JOIN)
                .at(15).invoke("c2", JOIN).fail("c2", JOIN)
                .at(16).call("c2", JOIN).ok("c1", VIEW, view("c1", "c2")).ok("c2", VIEW, view("c1", "c2"));
        assertThat(bounded.check(joinedLater.history()).isValid()).isTrue();
    }

    @Test
    void aViewStillListingACrashedMemberHasNotConverged() {
        Hist h = new Hist().at(0).call("c1", JOIN).call("c2", JOIN)
                .at(5).ok("c2", CRASHED)
                .at(12).ok("c1", VIEW, view("c1", "c2"));
        assertThat(checker.check(h.history()).isValid()).isFalse();
    }
}
