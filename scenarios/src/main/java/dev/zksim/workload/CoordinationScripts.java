package dev.zksim.workload;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.barrier.Barrier;
import dev.zksim.recipes.support.ConnectionState;

/** Workloads for the barrier. */
public final class CoordinationScripts {
    private static final String BARRIER = "/barrier";

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
}
