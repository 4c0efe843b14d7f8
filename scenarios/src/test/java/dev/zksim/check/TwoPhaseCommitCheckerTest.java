package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static dev.zksim.history.OpKind.DECIDE;
import static dev.zksim.history.OpKind.LOST;
import static dev.zksim.history.OpKind.VOTE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TwoPhaseCommitCheckerTest {
    private final TwoPhaseCommitChecker checker = new TwoPhaseCommitChecker(List.of("s1", "s2"));

    private static String explain(CheckResult result) {
        assertThat(result.isValid()).as("expected a violation").isFalse();
        return ((CheckResult.Violation) result).explanation();
    }

    @Test
    void unanimousYesThenCommitEverywhereIsValid() {
        Hist h = new Hist().at(0).invoke("s1", VOTE, v("YES")).invoke("s2", VOTE, v("YES"))
                .at(1).ok("coord", DECIDE, v("COMMIT")).ok("s1", VOTE, v("YES")).ok("s2", VOTE, v("YES"))
                .at(2).ok("s1", DECIDE, v("COMMIT")).ok("s2", DECIDE, v("COMMIT"));
        assertThat(checker.check(h.history()).isValid()).isTrue();
    }

    @Test
    void aNoVoteOrADeadSiteLeadsToAbortAndThatIsValid() {
        Hist no = new Hist().at(0).call("s1", VOTE, v("YES")).call("s2", VOTE, v("NO"))
                .at(1).ok("coord", DECIDE, v("ABORT")).ok("s1", DECIDE, v("ABORT"));
        Hist dead = new Hist().at(0).call("s1", VOTE, v("YES")).ok("s2", LOST)
                .at(9).ok("coord", DECIDE, v("ABORT"));
        assertThat(checker.check(no.history()).isValid()).isTrue();
        assertThat(checker.check(dead.history()).isValid()).isTrue();
    }

    @Test
    void sitesThatDecideDifferentlyBreakAgreement() {
        Hist h = new Hist().at(0).call("s1", VOTE, v("YES")).call("s2", VOTE, v("YES"))
                .at(1).ok("s1", DECIDE, v("COMMIT")).ok("s2", DECIDE, v("ABORT"));
        assertThat(explain(checker.check(h.history()))).startsWith("sites decided differently: s1 DECIDE ok COMMIT");
    }

    @Test
    void committingDespiteANoVoteIsAViolation() {
        Hist h = new Hist().at(0).call("s1", VOTE, v("YES")).call("s2", VOTE, v("NO"))
                .at(1).ok("coord", DECIDE, v("COMMIT"));
        assertThat(explain(checker.check(h.history()))).endsWith("s2 VOTE invoke NO at 0s (#2) voted no");
    }

    @Test
    void committingWithoutEveryVoteIsAViolationEvenIfTheVoteComesLater() {
        Hist dead = new Hist().at(0).call("s1", VOTE, v("YES")).ok("s2", LOST).at(9).ok("coord", DECIDE, v("COMMIT"));
        Hist early = new Hist().at(0).call("s1", VOTE, v("YES")).at(1).ok("coord", DECIDE, v("COMMIT"))
                .at(2).call("s2", VOTE, v("YES"));
        assertThat(explain(checker.check(dead.history()))).endsWith("before sites [s2] had voted yes");
        assertThat(explain(checker.check(early.history()))).endsWith("before sites [s2] had voted yes");
    }

    @Test
    void anUnknownOutcomeIsAWorkloadBug() {
        Hist h = new Hist().at(0).ok("coord", DECIDE, v("MAYBE"));
        assertThatThrownBy(() -> checker.check(h.history())).isInstanceOf(IllegalArgumentException.class);
    }
}
