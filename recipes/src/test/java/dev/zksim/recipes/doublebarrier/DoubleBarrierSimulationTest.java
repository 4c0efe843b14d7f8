package dev.zksim.recipes.doublebarrier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Participants arrive at staggered times, compute for a random while, and leave. Nobody may
 * start computing before the last one arrived, and nobody may finish leaving before the last
 * one started to leave.
 */
class DoubleBarrierSimulationTest {
    private static final String PATH = "/db";
    private static final int PARTICIPANTS = 4;

    private final Map<String, Long> enterCalled = new LinkedHashMap<>();
    private final Map<String, Long> entered = new LinkedHashMap<>();
    private final Map<String, Long> leaveCalled = new LinkedHashMap<>();
    private final Map<String, Long> left = new LinkedHashMap<>();
    private final List<String> events = new ArrayList<>();

    private Ensemble run(long seed, int servers) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(servers));
        for (int i = 0; i < PARTICIPANTS; i++) {
            long arrival = Time.millis(300L * i);
            ensemble.addClient((ctx, zk) -> ctx.schedule(arrival, () -> {
                DoubleBarrier barrier = new DoubleBarrier(zk, PATH, ctx.id(), PARTICIPANTS);
                enterCalled.put(ctx.id(), ctx.now());
                barrier.enter().thenRun(() -> {
                    entered.put(ctx.id(), ctx.now());
                    long work = ctx.choices().longIn(Time.millis(100), Time.millis(900));
                    ctx.schedule(work, () -> {
                        leaveCalled.put(ctx.id(), ctx.now());
                        barrier.leave().thenRun(() -> left.put(ctx.id(), ctx.now()));
                    });
                });
            }));
        }
        return ensemble;
    }

    private void assertGuarantees() {
        long lastArrival = enterCalled.values().stream().mapToLong(Long::longValue).max().orElseThrow();
        long lastToLeave = leaveCalled.values().stream().mapToLong(Long::longValue).max().orElseThrow();
        assertThat(entered).hasSize(PARTICIPANTS);
        assertThat(left).hasSize(PARTICIPANTS);
        assertThat(entered.values()).as("nobody computes before all entered").allSatisfy(t -> assertThat(t).isGreaterThan(lastArrival));
        assertThat(left.values()).as("nobody leaves before all finished").allSatisfy(t -> assertThat(t).isGreaterThan(lastToLeave));
    }

    @Test
    void nobodyComputesOrLeavesEarlyAcrossSeeds() {
        for (long seed = 1; seed <= 5; seed++) {
            enterCalled.clear();
            entered.clear();
            leaveCalled.clear();
            left.clear();
            Ensemble ensemble = run(seed, 1);
            ensemble.runFor(Time.seconds(5));
            assertGuarantees();
        }
    }

    @Test
    void lostRepliesDuringEnterAndLeaveAreRecovered() {
        Ensemble ensemble = run(11, 1);
        ensemble.runFor(Time.millis(250));
        for (int step = 0; step < 12; step++) {
            // Arm a lost reply for each client in turn: whichever call it hits (create,
            // exists, getChildren, delete) must be repeated safely.
            ensemble.faults().dropReply("c" + (1 + step % PARTICIPANTS));
            ensemble.runFor(Time.millis(150));
        }
        ensemble.runFor(Time.seconds(10));
        assertGuarantees();
    }

    @Test
    void aParticipantThatDiesWhileComputingHoldsTheOthersUntilItsSessionExpires() {
        Ensemble ensemble = run(5, 1);
        ensemble.runFor(Time.millis(950));
        assertThat(entered).hasSize(PARTICIPANTS);
        ensemble.faults().crash("c2");
        long crashed = ensemble.simulation().now();
        ensemble.runFor(Time.seconds(5));
        assertThat(left).as("c2's node still stands for it").isEmpty();
        ensemble.runFor(Time.seconds(15));
        assertThat(left.keySet()).containsExactlyInAnyOrder("c1", "c3", "c4");
        assertThat(left.values()).allSatisfy(t -> assertThat(t).isGreaterThan(crashed + Time.seconds(10)));
    }
}
