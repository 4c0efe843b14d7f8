package dev.zksim.workload;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.recipes.election.ElectionListener;
import dev.zksim.recipes.election.ElectionState;
import dev.zksim.recipes.election.LeaderElection;
import dev.zksim.recipes.election.SeedArticleElection;
import dev.zksim.recipes.support.ConnectionState;
import java.util.concurrent.CompletionStage;

/**
 * Election candidates. A candidate records ELECTED (with the epoch) each time it is told it
 * leads, SUSPENDED and LOST as it is told them; a leader serves a term and then abdicates
 * (ABDICATED invoke, OK once its node is gone) and runs again, until its terms are used up:
 * then it leads for good, so a leader must exist at the end of every run.
 */
public final class ElectionScripts {
    private static final String DIR = "/election";

    private ElectionScripts() {
    }

    /** The two elections, seen the same way by the workload. */
    interface Candidacy {
        void start();

        CompletionStage<Void> stop();
    }

    /** Which election a candidate runs in. */
    @FunctionalInterface
    public interface Kind {
        Candidacy create(ScriptClient.Session session, ElectionListener listener);
    }

    public static final Kind RECIPE = (session, listener) -> {
        LeaderElection election = new LeaderElection(session.zk(), session.states(), DIR, session.guid(), listener);
        return new Candidacy() {
            public void start() {
                election.start();
            }

            public CompletionStage<Void> stop() {
                return election.stop();
            }
        };
    };

    public static final Kind SEED_ARTICLE = (session, listener) -> {
        SeedArticleElection election = new SeedArticleElection(session.zk(), session.states(), DIR, session.guid(),
                listener);
        return new Candidacy() {
            public void start() {
                election.start();
            }

            public CompletionStage<Void> stop() {
                election.stop();
                return java.util.concurrent.CompletableFuture.completedFuture(null);
            }
        };
    };

    /** A candidate that leads {@code terms} times for {@code term} microseconds, then stays. */
    public static ScriptClient.Script candidate(Kind kind, int terms, long term) {
        int[] served = {0};
        return session -> {
            Candidacy[] candidacy = new Candidacy[1];
            candidacy[0] = kind.create(session, state -> changed(session, state, candidacy, served, terms, term));
            session.after(session.context().choices().longIn(0, 100_000), candidacy[0]::start);
        };
    }

    private static void changed(ScriptClient.Session session, ElectionState state, Candidacy[] candidacy, int[] served,
            int terms, long term) {
        ClientLog log = session.log();
        switch (state) {
            case ElectionState.Leading leading -> {
                log.notify(OpKind.ELECTED, Value.of(leading.epoch()));
                if (served[0] < terms) {
                    served[0]++;
                    session.after(term, () -> abdicate(session, candidacy[0]));
                }
            }
            case ElectionState.Suspended suspended -> log.notify(OpKind.SUSPENDED);
            case ElectionState.Lost lost -> log.notify(OpKind.LOST);
            case ElectionState.Following following -> {
            }
            case ElectionState.Withdrawn withdrawn -> {
            }
        }
    }

    private static void abdicate(ScriptClient.Session session, Candidacy candidacy) {
        if (session.states().current() == ConnectionState.LOST) {
            return;
        }
        session.record(OpKind.ABDICATED, Value.NONE, candidacy.stop(), ok -> Value.NONE,
                ok -> session.after(session.context().choices().longIn(0, 50_000), candidacy::start));
    }
}
