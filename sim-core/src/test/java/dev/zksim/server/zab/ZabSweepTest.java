package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.process.SimProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Random crashes, restarts, partitions (two-way and one-way) and pauses under a steady
 * trickle of proposals, for many seeds. The seed also picks the ensemble size, the crash
 * policy and the snapshot knobs. Safety is checked throughout by {@link ZabInvariants};
 * after the faults stop and everything heals, the ensemble must elect a leader, commit new
 * txns and converge, and a second run of the same seed must give the same trace digest.
 */
class ZabSweepTest {
    private static final long SEEDS = Long.getLong("zab.sweep.seeds", 100);

    @Test
    void randomFaultsKeepZabSafeLiveAndDeterministic() {
        List<String> failures = new ArrayList<>();
        for (long seed = 1; seed <= SEEDS; seed++) {
            try {
                String first = run(seed);
                String second = run(seed);
                if (!first.equals(second)) {
                    failures.add("seed " + seed + ": trace digest differs between two runs");
                }
            } catch (AssertionError | RuntimeException e) {
                failures.add("seed " + seed + ": " + e.getMessage());
            }
        }
        assertThat(failures).isEmpty();
    }

    static String run(long seed) {
        ZabHarness probe = new ZabHarness(seed, 1);
        Choices knobs = probe.sim.choices().stream("knobs");
        int size = knobs.chance(1, 2) ? 3 : 5;
        CrashPolicy policy = knobs.chance(1, 2) ? CrashPolicy.KEEP_PREFIX_AND_TEAR : CrashPolicy.LOSE_UNSYNCED;
        int snapshotEvery = knobs.intIn(2, 20);
        int window = knobs.intIn(3, 40);
        ZabHarness h = new ZabHarness(seed, size, policy, c -> c.withSnapshots(snapshotEvery, window));
        Choices nemesis = h.sim.choices().stream("nemesis");
        h.startAll();
        for (int step = 0; step < 40; step++) {
            injectFault(h, nemesis, size);
            h.proposeBurst(nemesis.intIn(0, 4));
            h.proposeSome(nemesis.intIn(0, 4));
            h.runFor(nemesis.longIn(Time.millis(10), Time.millis(400)));
            h.invariants.assertHolds();
        }
        healEverything(h);
        // Connections cut by a partition stay silently cut after the heal; give every peer
        // syncLimit to notice before asking for a stable leader.
        h.runFor(Time.seconds(2));
        long leader = h.awaitLeader(Time.seconds(60));
        h.proposeSome(3);
        h.runFor(Time.seconds(3));
        for (QuorumPeer peer : h.peers.values()) {
            assertThat(peer.leaderId()).as("leader of %s in %s", peer.myId(), h.describe()).isEqualTo(leader);
            assertThat(peer.isServing()).as("serving %s", h.describe()).isTrue();
        }
        h.assertConverged();
        return h.sim.trace().digest();
    }

    private static void injectFault(ZabHarness h, Choices nemesis, int size) {
        SimProcess target = h.processes.get((long) nemesis.intIn(1, size));
        switch (nemesis.intIn(0, 11)) {
            case 0 -> target.crash();
            case 1, 2 -> restartCrashed(h);
            case 3 -> {
                List<List<String>> sides = split(h, nemesis, size);
                h.net.partition(sides.get(0), sides.get(1));
            }
            case 4 -> h.net.partitionOneWay(List.of(target.id()), others(h, target.id()));
            case 5, 6 -> h.net.heal();
            case 7 -> target.pause();
            case 8 -> h.processes.values().forEach(SimProcess::resume);
            default -> {
            }
        }
    }

    /** A random minority and the rest: the first side of a shuffled member list. */
    private static List<List<String>> split(ZabHarness h, Choices nemesis, int size) {
        List<String> ids = nemesis.shuffle(new ArrayList<>(h.ids(h.peers.keySet().stream().mapToLong(Long::longValue).toArray())));
        int cut = nemesis.intIn(1, (size - 1) / 2);
        return List.of(ids.subList(0, cut), ids.subList(cut, size));
    }

    private static List<String> others(ZabHarness h, String id) {
        List<String> others = new ArrayList<>();
        for (SimProcess process : h.processes.values()) {
            if (!process.id().equals(id)) {
                others.add(process.id());
            }
        }
        return others;
    }

    private static void restartCrashed(ZabHarness h) {
        for (SimProcess process : h.processes.values()) {
            if (process.state() == SimProcess.State.CRASHED) {
                process.start();
                return;
            }
        }
    }

    private static void healEverything(ZabHarness h) {
        h.net.heal();
        for (SimProcess process : h.processes.values()) {
            if (process.state() == SimProcess.State.CRASHED) {
                process.start();
            }
            process.resume();
        }
    }
}
