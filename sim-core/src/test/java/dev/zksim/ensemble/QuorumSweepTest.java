package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.kernel.Time;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A small seeded sweep: clients write through every server while the leader is killed and
 * restarted and a follower is isolated and healed; afterwards every acknowledged write is on
 * every server, all replicas agree, and Zab's invariants held throughout. CI runs eight seeds;
 * {@code -Dzksim.soak.seeds=N} runs N seeds from 101 instead (an opt-in soak).
 */
class QuorumSweepTest {

    static LongStream seeds() {
        return LongStream.range(101, 101 + Long.getLong("zksim.soak.seeds", 8));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void acknowledgedWritesSurviveLeaderKillsAndPartitions(long seed) {
        QuorumHarness h = new QuorumHarness(seed, seed % 2 == 0 ? 3 : 5);
        h.awaitServing(Time.seconds(15));
        List<QuorumHarness.Client> clients = new ArrayList<>();
        List<String> all = h.ensemble.serverIds();
        for (int i = 0; i < 3; i++) {
            clients.add(h.client(all.toArray(String[]::new)));
        }
        List<CompletableFuture<String>> writes = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            for (int c = 0; c < clients.size(); c++) {
                for (int i = 0; i < 5; i++) {
                    writes.add(clients.get(c).zk.create("/r" + round + "-" + c + "-" + i, null, CreateMode.PERSISTENT)
                            .toCompletableFuture());
                }
            }
            h.ensemble.runFor(Time.millis(2 + round));
            String leader = h.ensemble.leader().orElseThrow(() -> new AssertionError("no leader: " + h.describe()));
            if (round % 2 == 0) {
                h.ensemble.faults().crash(leader);
                h.awaitNewLeader(leader, Time.seconds(30));
                h.ensemble.faults().restart(leader);
            } else {
                h.ensemble.faults().isolate(h.follower());
                h.ensemble.runFor(Time.seconds(3));
                h.ensemble.faults().heal();
            }
            h.awaitServing(Time.seconds(30));
        }
        h.ensemble.runFor(Time.seconds(10));
        TreeSet<String> acked = new TreeSet<>();
        for (CompletableFuture<String> write : writes) {
            assertThat(write).isDone();
            if (!write.isCompletedExceptionally()) {
                acked.add(write.join());
            }
        }
        long digest = h.server(all.getFirst()).introspection().treeDigest();
        for (String id : all) {
            assertThat(h.server(id).introspection().treeDigest()).as(id + " agrees").isEqualTo(digest);
            for (String path : acked) {
                assertThat(h.server(id).database().tree().exists(path)).as(id + " holds " + path).isTrue();
            }
        }
        h.ensemble.zabInvariants().assertHolds();
    }
}
