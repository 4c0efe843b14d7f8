package dev.zksim.recipes.twophase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.recipes.twophase.TwoPhaseDecision.Next;
import dev.zksim.recipes.twophase.TwoPhaseDecision.Outcome;
import dev.zksim.recipes.twophase.TwoPhaseDecision.Vote;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TwoPhaseDecisionTest {

    /** Every assignment of votes to three sites. */
    private static List<List<Vote>> assignments() {
        List<List<Vote>> all = new ArrayList<>();
        for (Vote a : Vote.values()) {
            for (Vote b : Vote.values()) {
                for (Vote c : Vote.values()) {
                    all.add(List.of(a, b, c));
                }
            }
        }
        return all;
    }

    @Test
    void commitIffAllYesAbortOnNoFailureOrTimeout() {
        for (List<Vote> votes : assignments()) {
            for (boolean timedOut : List.of(false, true)) {
                Next expected;
                if (votes.contains(Vote.NO) || votes.contains(Vote.FAILED)) {
                    expected = new Next.Decide(Outcome.ABORT);
                } else if (!votes.contains(Vote.PENDING)) {
                    expected = new Next.Decide(Outcome.COMMIT);
                } else {
                    expected = timedOut ? new Next.Decide(Outcome.ABORT) : new Next.Wait();
                }
                assertThat(TwoPhaseDecision.coordinator(votes, timedOut)).as(votes + " timedOut=" + timedOut).isEqualTo(expected);
            }
        }
    }

    @Test
    void aSiteFollowsTheDecisionAndMayOnlyAnticipateAnAbort() {
        for (List<Vote> votes : assignments()) {
            for (Outcome decided : Outcome.values()) {
                assertThat(TwoPhaseDecision.site(decided, votes)).isEqualTo(new Next.Decide(decided));
            }
            Next early = TwoPhaseDecision.site(null, votes);
            assertThat(early).isEqualTo(votes.contains(Vote.NO) ? new Next.Decide(Outcome.ABORT) : new Next.Wait());
        }
    }

    @Test
    void votesParseFromTheirText() {
        assertThat(TwoPhaseDecision.parse("yes".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isEqualTo(Vote.YES);
        assertThat(TwoPhaseDecision.parse("no".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isEqualTo(Vote.NO);
        assertThat(TwoPhaseDecision.parse(new byte[0])).isEqualTo(Vote.PENDING);
        assertThat(TwoPhaseDecision.parse(null)).isEqualTo(Vote.PENDING);
    }
}
