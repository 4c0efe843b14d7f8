package dev.zksim.workload;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.barrier.Barrier;
import dev.zksim.recipes.config.Config;
import dev.zksim.recipes.config.ConfigReader;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.twophase.TwoPhaseCoordinator;
import dev.zksim.recipes.twophase.TwoPhaseSite;
import java.util.ArrayList;
import java.util.List;

/** Workloads for the barrier, two-phase commit, and the configuration reader of the mixed scenario. */
public final class CoordinationScripts {
    static final List<String> CONFIG_KEYS = List.of("a", "b", "c");
    private static final String BARRIER = "/barrier";
    private static final String TX = "/tx";
    private static final String CONFIG = "/config";

    private CoordinationScripts() {
    }

    /** Raises the barrier at once, lifts it after {@code hold}; records LIFT, and LOST if its session expires. */
    public static ScriptClient.Script barrierCoordinator(long hold) {
        return session -> {
            GroupScripts.reportLost(session);
            Barrier barrier = new Barrier(session.zk(), BARRIER);
            barrier.raise().whenComplete((ok, error) -> session.after(hold, () ->
                    session.record(OpKind.LIFT, Value.NONE, barrier.lift(), done -> Value.NONE, done -> { })));
        };
    }

    /**
     * Arrives once it has seen the barrier raised (a waiter that came before the raise would
     * rightly find it down), then waits at it; ENTER OK means it passed.
     */
    public static ScriptClient.Script barrierWaiter() {
        return CoordinationScripts::arrive;
    }

    private static void arrive(ScriptClient.Session session) {
        if (session.states().current() == ConnectionState.LOST) {
            return;
        }
        session.zk().exists(BARRIER, false).whenComplete((stat, error) -> {
            if (stat == null) {
                session.after(Time.millis(20), () -> arrive(session));
            } else {
                session.record(OpKind.ENTER, Value.NONE, new Barrier(session.zk(), BARRIER).awaitLifted(),
                        ok -> Value.NONE, ok -> { });
            }
        });
    }

    /** The coordinator: starts the transaction and decides; times out after {@code timeout}. */
    public static ScriptClient.Script coordinator(List<String> sites, long timeout) {
        return session -> {
            TwoPhaseCoordinator coordinator = new TwoPhaseCoordinator(session.zk(), TX, sites);
            session.record(OpKind.DECIDE, Value.NONE, coordinator.start(), outcome -> Value.of(outcome.name()), o -> { });
            session.after(timeout, coordinator::timeOut);
        };
    }

    /** A site: once the transaction node exists, votes (YES unless told otherwise) and learns the outcome. */
    public static ScriptClient.Script site(boolean yes, boolean watchAllVotes) {
        return session -> awaitTransaction(session, yes, watchAllVotes);
    }

    private static void awaitTransaction(ScriptClient.Session session, boolean yes, boolean watchAllVotes) {
        if (session.states().current() == ConnectionState.LOST) {
            return;
        }
        session.zk().exists(TX, false).whenComplete((stat, error) -> {
            if (stat == null) {
                session.after(Time.millis(50), () -> awaitTransaction(session, yes, watchAllVotes));
                return;
            }
            TwoPhaseSite site = new TwoPhaseSite(session.zk(), TX, session.context().id(), watchAllVotes);
            String vote = yes ? "YES" : "NO";
            session.record(OpKind.VOTE, Value.of(vote), site.vote(yes), outcome -> Value.of(vote), outcome -> {
                if (outcome != null) {
                    session.log().notify(OpKind.DECIDE, Value.of(outcome.name()));
                }
            });
        });
    }

    /** Reports every configuration its reader hears as CONFIG_READ (version, key=value...). */
    public static ScriptClient.Script configReader() {
        return session -> new ConfigReader(session.zk(), CONFIG,
                config -> session.log().notify(OpKind.CONFIG_READ, configValue(config))).start();
    }

    /** The configuration as the history shows it; the version is key a's value. */
    static Value configValue(Config config) {
        String first = config.text(CONFIG_KEYS.getFirst());
        List<Value> value = new ArrayList<>(List.of(Value.of(first == null ? -1 : Long.parseLong(first))));
        for (String key : CONFIG_KEYS) {
            value.add(Value.of(key + "=" + config.text(key)));
        }
        return Value.tuple(value);
    }
}
