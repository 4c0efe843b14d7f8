package dev.zksim.catalog;

import dev.zksim.recipes.election.ElectionListener;
import dev.zksim.recipes.election.ElectionState;
import dev.zksim.recipes.election.LeaderElection;
import dev.zksim.recipes.election.SeedArticleElection;
import dev.zksim.scenario.Scenario;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.Testkit;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/** Leader election, and the seed article's election as a herd canary. */
public final class ElectionScenarios {
    private static final String DIR = "/election";

    /** zksim's election (predecessor watch, ack znode), as the testkit takes it. */
    public static final ElectionUnderTest.Factory RECIPE = (client, events) -> {
        LeaderElection election = new LeaderElection(client.zk(), client.connection(), DIR, client.uniqueName(),
                listener(events));
        return candidate(election::start, election::stop);
    };

    /** The seed article's election, which watches the lowest node: a herd contrast. */
    public static final ElectionUnderTest.Factory SEED_ARTICLE = (client, events) -> {
        SeedArticleElection election = new SeedArticleElection(client.zk(), client.connection(), DIR,
                client.uniqueName(), listener(events));
        return candidate(election::start, () -> {
            election.stop();
            return CompletableFuture.completedFuture(null);
        });
    };

    private ElectionScenarios() {
    }

    /** A candidate from its two entry points. */
    private static ElectionUnderTest candidate(Runnable start, Supplier<CompletionStage<Void>> stop) {
        return new ElectionUnderTest() {
            @Override
            public void start() {
                start.run();
            }

            @Override
            public CompletionStage<Void> stop() {
                return stop.get();
            }
        };
    }

    /** The recipes' election states as the testkit's holder events. */
    static ElectionListener listener(HolderEvents events) {
        return state -> {
            switch (state) {
                case ElectionState.Leading leading -> events.held(leading.epoch());
                case ElectionState.Suspended suspended -> events.suspended();
                case ElectionState.Lost lost -> events.lost();
                case ElectionState.Withdrawn withdrawn -> events.released();
                case ElectionState.Following following -> {
                }
            }
        };
    }

    public static Scenario election() {
        return Testkit.election("election", RECIPE).title("Election: candidates take turns leading under random faults")
                .build();
    }

    public static Scenario seedArticleCanary() {
        return Testkit.election("canary-seed-article-election-herd", SEED_ARTICLE)
                .title("Canary: the seed article's election wakes every follower when the leader goes")
                .candidates(4, 6).noFaults().build();
    }
}
