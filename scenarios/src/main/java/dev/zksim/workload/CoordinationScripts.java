package dev.zksim.workload;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.BarrierUnderTest;

/** Workloads for the simple barrier, over the testkit's {@link BarrierUnderTest}. */
public final class CoordinationScripts {

    private CoordinationScripts() {
    }

    /** Raises the barrier at once, lifts it after {@code hold}; records LIFT, and LOST if its session expires. */
    public static ScriptClient.Script barrierCoordinator(BarrierUnderTest.Factory factory, String path, long hold) {
        return session -> {
            GroupScripts.reportLost(session);
            BarrierUnderTest barrier = factory.create(session.client(), path);
            barrier.raise().whenComplete((ok, error) -> session.after(hold, () ->
                    session.record(OpKind.LIFT, Value.NONE, barrier.lift(), done -> Value.NONE, done -> { })));
        };
    }

    /**
     * Arrives once it has seen the barrier raised (a waiter that came before the raise would
     * rightly find it down), then waits at it; ENTER OK means it passed. When its session
     * expires it opens a new one, as {@link dev.zksim.testkit.TestClient} promises, and the
     * barrier object goes on with it: a recipe whose wait fails with the session ends the
     * ENTER there, one that follows the new session (Curator's) goes on waiting.
     */
    public static ScriptClient.Script barrierWaiter(BarrierUnderTest.Factory factory, String path) {
        return session -> {
            session.client().renewAfterLoss(() -> { }, () -> { });
            arrive(session, factory.create(session.client(), path));
        };
    }

    private static void arrive(ScriptClient.Session session, BarrierUnderTest barrier) {
        if (session.states().current() == ConnectionState.LOST) {
            return;
        }
        barrier.isRaised().whenComplete((raised, error) -> {
            if (!Boolean.TRUE.equals(raised)) {
                session.after(Time.millis(20), () -> arrive(session, barrier));
            } else {
                session.record(OpKind.ENTER, Value.NONE, barrier.awaitLifted(), ok -> Value.NONE, ok -> { });
            }
        });
    }
}
