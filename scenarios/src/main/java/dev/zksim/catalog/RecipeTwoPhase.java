package dev.zksim.catalog;

import dev.zksim.recipes.twophase.TwoPhaseCoordinator;
import dev.zksim.recipes.twophase.TwoPhaseDecision;
import dev.zksim.recipes.twophase.TwoPhaseSite;
import dev.zksim.testkit.TwoPhaseCommitUnderTest;
import dev.zksim.testkit.TwoPhaseCommitUnderTest.Decision;
import java.util.concurrent.CompletionStage;

/**
 * zksim's two-phase commit as {@link TwoPhaseCommitUnderTest}: the coordinator, and the two
 * forms of a site the recipes page describes (one that watches only the decision, one that
 * also watches every vote and concludes abort on a no).
 */
public final class RecipeTwoPhase {
    /** zksim's coordinator. */
    public static final TwoPhaseCommitUnderTest.CoordinatorFactory COORDINATOR = (client, transaction, sites) -> {
        TwoPhaseCoordinator coordinator = new TwoPhaseCoordinator(client.zk(), transaction, sites);
        return new TwoPhaseCommitUnderTest.Coordinator() {
            @Override
            public CompletionStage<Decision> start() {
                return decision(coordinator.start());
            }

            @Override
            public void timeOut() {
                coordinator.timeOut();
            }
        };
    };
    /** A site that watches only the decision. */
    public static final TwoPhaseCommitUnderTest.SiteFactory SITE = site(false);
    /** A site that also watches every vote, at O(n^2) notifications. */
    public static final TwoPhaseCommitUnderTest.SiteFactory WATCHING_SITE = site(true);

    private RecipeTwoPhase() {
    }

    private static TwoPhaseCommitUnderTest.SiteFactory site(boolean watchAllVotes) {
        return (client, transaction) -> {
            TwoPhaseSite site = new TwoPhaseSite(client.zk(), transaction, client.id(), watchAllVotes);
            return yes -> decision(site.vote(yes));
        };
    }

    private static CompletionStage<Decision> decision(CompletionStage<TwoPhaseDecision.Outcome> outcome) {
        return outcome.thenApply(decided -> Decision.valueOf(decided.name()));
    }
}
