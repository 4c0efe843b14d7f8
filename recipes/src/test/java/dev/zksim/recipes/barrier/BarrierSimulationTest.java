package dev.zksim.recipes.barrier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperException;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.support.Stages;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Waiters on a simulated ensemble never pass a raised barrier, and all pass once it is lifted. */
class BarrierSimulationTest {
    private static final String PATH = "/barrier";

    private final Map<String, List<Long>> passes = new LinkedHashMap<>();
    private final Map<String, KeeperException.Code> failures = new LinkedHashMap<>();
    private long liftIssued = Long.MAX_VALUE;

    private Ensemble ensemble(long seed) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(1));
        ensemble.addClient((ctx, zk) -> {
            Barrier barrier = new Barrier(zk, PATH);
            barrier.raise();
            ctx.schedule(Time.seconds(4), () -> {
                liftIssued = ctx.now();
                barrier.lift();
            });
        });
        ensemble.runFor(Time.seconds(1));
        return ensemble;
    }

    private void addWaiters(Ensemble ensemble, int count) {
        for (int i = 0; i < count; i++) {
            ensemble.addClient((ctx, zk) -> new Barrier(zk, PATH).awaitLifted().whenComplete((ok, error) -> {
                if (error == null) {
                    passes.computeIfAbsent(ctx.id(), id -> new ArrayList<>()).add(ctx.now());
                } else {
                    failures.put(ctx.id(), Stages.code(error).orElseThrow());
                }
            }));
        }
    }

    private void assertNobodyPassedEarly() {
        passes.values().forEach(times -> assertThat(times).allSatisfy(time -> assertThat(time).isGreaterThan(liftIssued)));
    }

    @Test
    void waitersPassOnlyAfterTheLiftAndAllOfThemPass() {
        for (long seed = 1; seed <= 3; seed++) {
            passes.clear();
            Ensemble ensemble = ensemble(seed);
            addWaiters(ensemble, 4);
            ensemble.runFor(Time.seconds(2));
            assertThat(passes).as("nobody passes a raised barrier").isEmpty();
            ensemble.runFor(Time.seconds(4));
            assertThat(passes).hasSize(4);
            passes.values().forEach(times -> assertThat(times).hasSize(1));
            assertNobodyPassedEarly();
        }
    }

    @Test
    void aLostReplyACrashedWaiterAndAnExpiredSessionNeverLetAnyoneThroughEarly() {
        Ensemble ensemble = ensemble(7);
        addWaiters(ensemble, 3);
        ensemble.runFor(Time.millis(100));
        assertThat(ensemble.faults().dropReply("c2")).isTrue();
        ensemble.addClient((ctx, zk) -> zk.exists("/warmup", false));
        addWaiters(ensemble, 0);
        ensemble.runFor(Time.millis(500));
        ensemble.faults().crash("c3");
        ensemble.runFor(Time.millis(300));
        ensemble.faults().restart("c3");
        assertThat(ensemble.faults().expireSession("c4")).isTrue();
        ensemble.runFor(Time.seconds(6));
        assertNobodyPassedEarly();
        assertThat(passes.keySet()).containsExactlyInAnyOrder("c2", "c3");
        assertThat(passes.get("c3")).as("only the restarted incarnation was still waiting").hasSize(1);
        assertThat(failures).containsEntry("c4", KeeperException.Code.SESSIONEXPIRED);
    }

    @Test
    void aDataChangeOnTheRaisedBarrierWakesWaitersWhoCheckAgainAndKeepWaiting() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(3), EnsembleConfig.defaults(1));
        ensemble.addClient((ctx, zk) -> {
            Barrier barrier = new Barrier(zk, PATH);
            barrier.raise();
            // NodeDataChanged fires every waiter's watch; each must re-check and stay put.
            ctx.schedule(Time.seconds(2), () -> zk.setData(PATH, new byte[] {1}, -1));
        });
        ensemble.runFor(Time.seconds(1));
        addWaiters(ensemble, 3);
        ensemble.runFor(Time.seconds(4));
        assertThat(passes).isEmpty();
    }
}
