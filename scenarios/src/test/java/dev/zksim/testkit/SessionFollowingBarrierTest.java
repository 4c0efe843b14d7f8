package dev.zksim.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.RecipeBarriers;
import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * {@link TestClient} promises that after {@code Expired} the workload opens a new session and
 * the recipe object goes on with it. The barrier's waiters did not: a waiter that follows the
 * new session, as Curator's {@code DistributedBarrier} does, then waited forever for a session
 * nobody opened, and the liveness check blamed it (curator-barrier seed 13 of the examples:
 * "c2 ENTER invoked at 1.0027s, no completion"). Here zksim's barrier, wrapped so that a wait
 * broken by an expiry waits again once the client is connected, must pass its seeds, among
 * them seeds where a waiter's session expired before it passed.
 */
class SessionFollowingBarrierTest {

    /** zksim's barrier whose waiter waits again on the new session after its session expired. */
    private static final BarrierUnderTest.Factory FOLLOWING = (client, path) -> {
        BarrierUnderTest inner = RecipeBarriers.barrier().create(client, path);
        return new BarrierUnderTest() {
            @Override
            public CompletionStage<Void> raise() {
                return inner.raise();
            }

            @Override
            public CompletionStage<Void> lift() {
                return inner.lift();
            }

            @Override
            public CompletionStage<Boolean> isRaised() {
                return inner.isRaised();
            }

            @Override
            public CompletionStage<Void> awaitLifted() {
                CompletableFuture<Void> passed = new CompletableFuture<>();
                waitOn(client, inner, passed);
                return passed;
            }
        };
    };

    private static void waitOn(TestClient client, BarrierUnderTest inner, CompletableFuture<Void> passed) {
        if (client.connection().current() != ConnectionState.CONNECTED) {
            client.schedule(Time.millis(100), () -> waitOn(client, inner, passed));
            return;
        }
        inner.awaitLifted().whenComplete((ok, error) -> {
            if (error == null) {
                passed.complete(null);
            } else {
                client.schedule(Time.millis(100), () -> waitOn(client, inner, passed));
            }
        });
    }

    private static final ScenarioCatalog CATALOG = new ScenarioCatalog("following")
            .add(Testkit.barrier("session-following-barrier", FOLLOWING)
                    .servers(1, 3).waiters(2, 4).hold(Time.millis(2500), Time.millis(3000))
                    .faults(1, 2, Time.seconds(2), List.of(FaultKind.EXPIRE_SESSION)).build());

    @Test
    void aWaiterWhoseSessionExpiredPassesOnItsNewSession() {
        int expiredWaitersThatPassed = 0;
        for (long seed = 1; seed <= 40; seed++) {
            RunOutcome outcome = new ScenarioRunner(CATALOG).run(RunSpec.of("session-following-barrier", seed));
            assertThat(outcome.failure()).as("seed %d", seed).isEmpty();
            expiredWaitersThatPassed += expiredThenPassed(outcome.history());
        }
        assertThat(expiredWaitersThatPassed).isPositive();
    }

    /** Waiters (not the coordinator c1) whose session expired before their ENTER completed OK. */
    private static int expiredThenPassed(History history) {
        List<Op> ops = history.ops();
        int count = 0;
        for (Op expired : ops) {
            if (!expired.f().equals(OpKind.EXPIRED) || expired.process().equals("c1")) {
                continue;
            }
            boolean passedLater = ops.stream().anyMatch(op -> op.process().equals(expired.process())
                    && op.f().equals(OpKind.ENTER) && op.isOk() && op.index() > expired.index());
            count += passedLater ? 1 : 0;
        }
        return count;
    }
}
