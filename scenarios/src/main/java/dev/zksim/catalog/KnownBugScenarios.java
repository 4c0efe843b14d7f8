package dev.zksim.catalog;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.server.zab.KnownBug;
import dev.zksim.testkit.CustomScenario;
import dev.zksim.testkit.SwarmKnobs;
import dev.zksim.testkit.Testkit;
import dev.zksim.workload.RandomOps;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The scenarios of the known-bug benchmark (issue 27): small ensembles whose faults reach the
 * step a {@link KnownBug} gets wrong. In the catalogue they run ZooKeeper 3.9.5 and must pass;
 * {@code ./zksim run SCENARIO --bug ZOOKEEPER-NNNN} (an id such as
 * {@code zab-sync-crash+ZOOKEEPER-4643}) runs the same seeds with the bug re-introduced, where
 * the Zab invariants or the end checks must fail. {@link #scenarioFor} says which scenario
 * exhibits which bug.
 */
public final class KnownBugScenarios {

    private KnownBugScenarios() {
    }

    /** The catalogue's scenario that exhibits each implemented bug. */
    public static Map<KnownBug, String> scenarioFor() {
        Map<KnownBug, String> scenarios = new TreeMap<>();
        scenarios.put(KnownBug.ZK_1419, "zab-election-churn");
        scenarios.put(KnownBug.ZK_2845, "zab-sync-crash");
        scenarios.put(KnownBug.ZK_3911, "zab-sync-crash");
        scenarios.put(KnownBug.ZK_4646, "zab-diff-sync-crash");
        scenarios.put(KnownBug.ZK_4643, "zab-sync-crash");
        scenarios.put(KnownBug.ZK_4925, "zab-sync-crash");
        scenarios.put(KnownBug.CREB_SNAPSHOT_EPOCH, "zab-sync-crash");
        scenarios.put(KnownBug.ZK_4882, "zab-disk-error");
        scenarios.put(KnownBug.ZK_3144, "zab-fuzzy-snapshot");
        scenarios.put(KnownBug.ZK_4394, "zab-sync-crash");
        scenarios.put(KnownBug.ZK_4712, "zab-sync-crash");
        scenarios.put(KnownBug.ZK_4785, "zab-diff-sync-crash");
        scenarios.put(KnownBug.ZK_5094, "zab-trunc-sync-cut");
        return scenarios;
    }

    /**
     * The benchmark strategy that finds this bug in the fewest runs in its scenario ("random",
     * "pct", "coverage" or "dfs"), as measured in docs/known-bugs.md; {@code ./zksim known-bugs
     * --fastest}, the short benchmark of {@code ./zksim test}, runs each bug under it alone.
     */
    public static String fastestStrategy(KnownBug bug) {
        return bug == KnownBug.ZK_1419 ? "pct" : "random";
    }

    /**
     * "Zab: leaders crash while the clients write little": elections among peers whose logs end
     * at the same zxid but whose current epochs differ, the votes ZOOKEEPER-1419 orders wrongly.
     */
    public static Scenario electionChurn() {
        return Testkit.custom("zab-election-churn")
                .title("Zab: three servers, leaders crash while two clients write a little")
                .ensemble(ensemble(new Distribution.Uniform(500, Time.millis(2))))
                .goals(Goal.traced("ZabEvent.Elected", 4, "three elections after the first"))
                .perSeed((knobs, run) -> churn(knobs, run, 10, 3, 6))
                .verifyEnd(KnownBugScenarios::recovered)
                .build();
    }

    /**
     * "Zab: servers crash during synchronisation on a slow disk": the fsync after a DIFF takes
     * tens of milliseconds, a window that crashes fall into, where ZOOKEEPER-3911,
     * ZOOKEEPER-4643 and ZOOKEEPER-4646 write the epoch (and ACK) before the synced txns are
     * durable, and where a SNAP sync's snapshot is on disk before the epoch (the CREB bug).
     * Its leader crashes with proposals in flight leave followers whose logs run past their
     * in-memory databases, which ZOOKEEPER-2845 keeps into the next election; a server that
     * restarts and catches up by DIFF and then leads, while another stale one returns, is where
     * ZOOKEEPER-4925's hole in the committedLog loses txns.
     * Crashed leaders leave followers with proposals still queued for their SyncThread
     * (ZOOKEEPER-4712 lets that thread write them into the next epoch), and restarted
     * followers DIFF-synced while the clients write receive the COMMIT of an outstanding
     * proposal between NEWLEADER and UPTODATE (ZOOKEEPER-4394).
     */
    public static Scenario syncCrash() {
        return Testkit.custom("zab-sync-crash")
                .title("Zab: three servers crash during synchronisation, on a slow disk")
                .ensemble(ensemble(new Distribution.Uniform(Time.millis(20), Time.millis(200))))
                .goals(Goal.traced("ZabEvent.Elected", 4, "three elections after the first"))
                .perSeed((knobs, run) -> churn(knobs, run, 30, 4, 8))
                .verifyEnd(KnownBugScenarios::recovered)
                .build();
    }

    /**
     * "Zab: a server's disk fails its writes for a while, and servers crash": on a slow disk a
     * follower applies commits while its own log write still hangs; when that write fails
     * (ZooKeeper's SyncThread dies) its memory is ahead of its log. ZOOKEEPER-4882 keeps that
     * memory into the next term, so the log keeps a hole that a later crash exposes: the
     * restarted server skips committed txns, or leads without them.
     */
    public static Scenario diskError() {
        return Testkit.custom("zab-disk-error")
                .title("Zab: three servers on a slow disk that fails writes for a while, and crashes")
                .ensemble(ensemble(new Distribution.Uniform(Time.millis(20), Time.millis(200))))
                .goals(Goal.traced("ZabEvent.DiskWriteFailed", 1, "a disk write failed"))
                .perSeed((knobs, run) -> {
                    churn(knobs, run, 30, 4, 8);
                    run.faults(new FaultProfile(List.of(FaultKind.DISK_ERROR, FaultKind.CRASH_SERVER), 4, 8,
                            Time.millis(500), Time.seconds(10), Time.millis(100), Time.seconds(3)));
                })
                .verifyEnd(KnownBugScenarios::recovered)
                .build();
    }

    /**
     * "Zab: sessions open and close while servers snapshot often and crash": a snapshot every
     * 2 to 4 txns often follows a createSession directly, where ZOOKEEPER-3144's snapshot holds
     * the zxid without the session; a server restarted from it replays the session's
     * ephemerals from its log and holds them without their owner.
     */
    public static Scenario fuzzySnapshot() {
        return Testkit.custom("zab-fuzzy-snapshot")
                .title("Zab: three servers snapshot often and crash while sessions come and go")
                .ensemble(new SwarmKnobs(ensemble(new Distribution.Uniform(500, Time.millis(2))).config().withSnapCount(4),
                        "lan"))
                .goals(Goal.traced("ZabEvent.SnapshotTaken", 3, "three snapshots"))
                .perSeed((knobs, run) -> {
                    run.install((ensemble, history) -> {
                        for (int i = 0; i < 3; i++) {
                            ensemble.addClient(new RandomOps(20, RandomOps.defaultThinkTime()));
                        }
                    });
                    run.faults(new FaultProfile(List.of(FaultKind.CRASH_SERVER, FaultKind.CRASH_CLIENT,
                            FaultKind.EXPIRE_SESSION), 4, 8, Time.millis(500), Time.seconds(10), Time.millis(100),
                            Time.seconds(3)));
                    run.settle(run.swarm().config().quorumRecoveryBound() + Time.seconds(10));
                })
                .verifyEnd(KnownBugScenarios::recovered)
                .build();
    }

    /**
     * "Zab: a lagging follower crashes right after its DIFF sync into a new epoch": the fault
     * choreography of ZooKeeper's DIFFSyncTest ({@link DiffSyncNemesis}) on a slow disk, while
     * three clients write. A follower that acks NEWLEADER (ZOOKEEPER-4646) or writes its epoch
     * (ZOOKEEPER-4785) before the synced txns are durable loses them in the crash, then wins
     * the next election on its newer epoch.
     */
    public static Scenario diffSyncCrash() {
        return choreographed("zab-diff-sync-crash",
                "Zab: a lagging follower crashes right after a DIFF sync into a new epoch, on a slow disk",
                Time.millis(50), Time.seconds(12), DiffSyncNemesis::install);
    }

    /**
     * "Zab: a TRUNC sync is cut before NEWLEADER": {@link TruncSyncNemesis} cuts the leader off
     * from the other servers while three clients write, so that it logs proposals nobody else
     * has and is TRUNCated when it rejoins; it crashes the leader that sent the TRUNC the
     * moment the follower applied it, then bounces the follower once it synced again. With
     * ZOOKEEPER-5094 the follower's memory keeps the committed txns of the cut sync, its log
     * does not, and the next leader continues after them: after the restart its history has a
     * hole.
     */
    public static Scenario truncSyncCut() {
        return choreographed("zab-trunc-sync-cut",
                "Zab: a TRUNC sync is cut before NEWLEADER, then the follower restarts, on a slow disk",
                Time.millis(100), Time.seconds(10), TruncSyncNemesis::install);
    }

    /**
     * Three servers on a slow disk, three clients of 40 random operations, and faults that a
     * nemesis of the run's own choices strikes at the steps it waits for (so seeds replay);
     * the fault plan stays empty.
     */
    private static Scenario choreographed(String id, String title, long thinkTime, long settleAfterRecovery,
            Consumer<Ensemble> nemesis) {
        return Testkit.custom(id)
                .title(title)
                .ensemble(ensemble(new Distribution.Uniform(Time.millis(20), Time.millis(200))))
                .goals(Goal.traced("ZabEvent.Elected", 4, "three elections after the first"))
                .perSeed((knobs, run) -> {
                    run.install((ensemble, history) -> {
                        for (int i = 0; i < 3; i++) {
                            ensemble.addClient(new RandomOps(40, thinkTime));
                        }
                        nemesis.accept(ensemble);
                    });
                    run.faults(new FaultProfile(List.of(FaultKind.CRASH_SERVER), 0, 0, 0, 0, 1, 1));
                    run.settle(run.swarm().config().quorumRecoveryBound() + settleAfterRecovery);
                })
                .verifyEnd(KnownBugScenarios::recovered)
                .build();
    }

    /** Three servers on a LAN, a 500 ms tick, losing what was not fsynced at a crash. */
    private static SwarmKnobs ensemble(Distribution fsync) {
        EnsembleConfig config = EnsembleConfig.defaults(3)
                .withTickTime(500)
                .withSessionTimeout(4000)
                .withNetworkDelay(new Distribution.Uniform(100, Time.millis(1)))
                .withCrashPolicy(CrashPolicy.LOSE_UNSYNCED)
                .withSnapCount(100)
                .withFsyncLatency(fsync);
        return new SwarmKnobs(config, "lan");
    }

    /** Two clients of a few random operations each, and server crashes over ten seconds. */
    private static void churn(Choices knobs, CustomScenario.Run run, int operations, int minFaults, int maxFaults) {
        run.install((ensemble, history) -> {
            for (int i = 0; i < 2; i++) {
                ensemble.addClient(new RandomOps(operations, RandomOps.defaultThinkTime()));
            }
        });
        run.faults(new FaultProfile(List.of(FaultKind.CRASH_SERVER, FaultKind.CRASH_LEADER), minFaults, maxFaults,
                Time.millis(500), Time.seconds(10), Time.millis(100), Time.seconds(3)));
        run.settle(run.swarm().config().quorumRecoveryBound() + Time.seconds(10));
    }

    /** Once the faults stop and ZooKeeper's recovery time passed: a leader, and every replica at its zxid. */
    private static void recovered(Ensemble ensemble) {
        if (ensemble.leader().isEmpty()) {
            throw SimulationFailure.liveness(ensemble.simulation().now(),
                    "no leader emerged within ZooKeeper's recovery bound after the faults stopped");
        }
        RandomOpsScenario.replicasAgree(ensemble);
    }
}
