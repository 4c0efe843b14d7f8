package dev.zksim.catalog;

import dev.zksim.recipes.election.ElectionListener;
import dev.zksim.recipes.election.ElectionState;
import dev.zksim.recipes.election.LeaderElection;
import dev.zksim.recipes.election.SeedArticleElection;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Scenario;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.Testkit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/** Leader election, the seed article's election as a herd canary, and a zombie leader canary. */
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

    /**
     * zksim's election with the bug of Helix's and many home-grown elections: it ignores
     * Disconnected (it never reports SUSPENDED) and keeps leading until it hears Expired. A
     * leader cut off from the ensemble is told Disconnected at two thirds of its session
     * timeout, its session expires on the servers at three thirds, a follower takes over, and
     * the old leader goes on leading until it reconnects and hears Expired.
     */
    public static final ElectionUnderTest.Factory LEADS_UNTIL_EXPIRED = (client, events) -> {
        ElectionListener reports = listener(events);
        LeaderElection election = new LeaderElection(client.zk(), client.connection(), DIR, client.uniqueName(),
                state -> {
                    if (!(state instanceof ElectionState.Suspended)) {
                        reports.stateChanged(state);
                    }
                });
        return candidate(election::start, election::stop);
    };

    /**
     * CANARY, BROKEN ON PURPOSE: zksim's election, closed before its node exists, forgets the
     * candidacy instead of cancelling it: it drops the election object and enters the next
     * time with a fresh one. The dropped object's create still lands, and it goes on competing
     * unseen (its reports go nowhere): once its node is the lowest it leads silently and never
     * withdraws, and no candidate anyone hears from leads again. That is the orphaned node of a
     * leader latch closed while its create is in flight. Only a close during the create shows it.
     */
    public static final ElectionUnderTest.Factory FORGETS_CANDIDACY_IN_FLIGHT = (client, events) ->
            new ElectionUnderTest() {
                private int made;
                private LeaderElection current = fresh();

                /** A new election object whose reports count only while it is the current one. */
                private LeaderElection fresh() {
                    LeaderElection[] built = new LeaderElection[1];
                    ElectionListener reports = listener(events);
                    built[0] = new LeaderElection(client.zk(), client.connection(), DIR,
                            client.uniqueName() + "f" + ++made, state -> {
                                if (built[0] == current) {
                                    reports.stateChanged(state);
                                }
                            });
                    return built[0];
                }

                @Override
                public void start() {
                    current.start();
                }

                @Override
                public CompletionStage<Void> stop() {
                    if (current.node().isPresent()) {
                        return current.stop();
                    }
                    current = fresh();
                    return CompletableFuture.completedFuture(null);
                }
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

    /** A candidate closed while its create is in flight leaves a silent leader behind: only rejoins expose it. */
    public static Scenario forgetsCandidacyCanary() {
        return Testkit.election("canary-election-forgets-candidacy", FORGETS_CANDIDACY_IN_FLIGHT)
                .title("Canary: an election closed while its create is in flight forgets the candidacy, which leads unseen")
                .rejoins(1, 1, Time.millis(1), Time.millis(20)).build();
    }

    public static Scenario election() {
        return Testkit.election("election", RECIPE).title("Election: candidates take turns leading under random faults")
                .build();
    }

    /**
     * A leader that keeps leading through Disconnected until it hears Expired: a zombie leader.
     * Partitions outlast the session timeout, so that a leader cut off is told Disconnected,
     * its session expires, and a follower on the majority side takes over before the old one
     * can reconnect and hear Expired.
     */
    public static Scenario zombieLeaderCanary() {
        return Testkit.election("canary-zombie-leader", LEADS_UNTIL_EXPIRED)
                .title("Canary: an election that keeps leading through Disconnected until it hears Expired")
                .candidates(2, 4).servers(1, 3)
                .faults(config -> new FaultProfile(List.of(FaultKind.PARTITION), 1, 2, Time.millis(500),
                        Time.seconds(3), Time.millis(config.sessionTimeoutMs()) * 3 / 2,
                        Time.millis(config.sessionTimeoutMs()) * 3))
                .build();
    }

    public static Scenario seedArticleCanary() {
        return Testkit.election("canary-seed-article-election-herd", SEED_ARTICLE)
                .title("Canary: the seed article's election wakes every follower when the leader goes")
                .candidates(4, 6).noFaults().build();
    }
}
