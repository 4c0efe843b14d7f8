package dev.zksim.workload;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.TwoPhaseCommitUnderTest;
import java.util.List;

/**
 * The two-phase commit's workload: one coordinator that starts the transaction and decides
 * (DECIDE, with the decision), and sites that vote once the transaction exists (VOTE) and
 * report the decision they learn (a DECIDE notice).
 */
public final class TwoPhaseScripts {

    private TwoPhaseScripts() {
    }

    /** The coordinator: starts the transaction and decides; times out after {@code timeout}. */
    public static ScriptClient.Script coordinator(TwoPhaseCommitUnderTest.CoordinatorFactory factory, String transaction,
            List<String> sites, long timeout) {
        return session -> {
            TwoPhaseCommitUnderTest.Coordinator coordinator = factory.create(session.client(), transaction, sites);
            session.record(OpKind.DECIDE, Value.NONE, coordinator.start(), outcome -> Value.of(outcome.name()), o -> { });
            session.after(timeout, coordinator::timeOut);
        };
    }

    /** A site: once the transaction node exists, votes (YES unless told otherwise) and learns the outcome. */
    public static ScriptClient.Script site(TwoPhaseCommitUnderTest.SiteFactory factory, String transaction, boolean yes) {
        return session -> awaitTransaction(session, factory, transaction, yes);
    }

    private static void awaitTransaction(ScriptClient.Session session, TwoPhaseCommitUnderTest.SiteFactory factory,
            String transaction, boolean yes) {
        if (session.states().current() == ConnectionState.LOST) {
            return;
        }
        session.zk().exists(transaction, false).whenComplete((stat, error) -> {
            if (stat == null) {
                session.after(Time.millis(50), () -> awaitTransaction(session, factory, transaction, yes));
                return;
            }
            TwoPhaseCommitUnderTest.Site site = factory.create(session.client(), transaction);
            String vote = yes ? "YES" : "NO";
            session.record(OpKind.VOTE, Value.of(vote), site.vote(yes), outcome -> Value.of(vote), outcome -> {
                if (outcome != null) {
                    session.log().notify(OpKind.DECIDE, Value.of(outcome.name()));
                }
            });
        });
    }
}
