package dev.zksim.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Op;
import dev.zksim.api.Stat;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.real.Blocking;
import dev.zksim.real.RealEnsemble;
import dev.zksim.real.RealZooKeeperClient;
import dev.zksim.server.CounterStart;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.server.DataTree;
import org.apache.zookeeper.server.persistence.FileTxnSnapLog;
import org.junit.jupiter.api.Test;

/**
 * Counters near 2^31 - 1, on zksim and on a real ZooKeeper 3.9.5, compared step by step.
 *
 * <p>How the real server gets there: two billion creates or setData calls would take days,
 * so before it starts, its data directory gets a snapshot written by ZooKeeper's own
 * DataTree and FileTxnSnapLog, in which the nodes carry the counters (the StatPersisted's
 * internal cversion, the parent's sequence counter, and the data version). zksim starts
 * from the same state through {@link CounterStart}. What is compared: the names sequential
 * creates get (and their errors), getChildren2's visible cversion and child count, the data
 * versions setData returns, and the outcome of conditional setData, delete and multi check
 * at and past the wrap. Zxids and times are not compared (the snapshot's history differs).
 * Calls are made one at a time, each awaited: pipelined sequential creates past the overflow
 * race the real server's preparer against its final processor.
 *
 * <p>What ZooKeeper 3.9 does, and zksim with it: the sequential create that takes the last
 * positive counter (2147483647) carries the wrapped parent cversion -2147483648 in its txn,
 * and the tree only ever raises a cversion (ZOOKEEPER-3249), so the counter sticks at
 * 2147483647: every later sequential create under that parent is named ...2147483647 again,
 * failing with NodeExists while a child of that exact name exists and succeeding otherwise
 * (so two children with different prefixes share the suffix). No negative suffix appears
 * when creates are awaited one by one. The visible cversion (2 * internal - children)
 * wraps negative. Data versions wrap from 2147483647 to -2147483648 and go on; a node whose
 * version is -1 is matched by any conditional setData with -1, which means "any version".
 */
class CounterOverflowConformanceTest {
    private static final int NEAR = Integer.MAX_VALUE - 2;
    private static final List<CounterStart> STARTS = List.of(
            new CounterStart("/p", NEAR, 0),
            new CounterStart("/v", 0, Integer.MAX_VALUE - 1),
            new CounterStart("/w", 0, -3));
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** Awaits one call of a side: its value, or the KeeperException it failed with. */
    private interface Awaiter {
        Object await(CompletionStage<?> stage);
    }

    private static String outcome(Awaiter side, CompletionStage<?> stage) {
        Object result = side.await(stage);
        return switch (result) {
            case KeeperException e -> "error " + e.code();
            case ZooKeeperClient.ChildrenAndStat children -> children.children().stream().sorted().toList() + " "
                    + stat(children.stat());
            case Stat stat -> stat(stat);
            case List<?> list -> "ok " + list.size();
            case null -> "ok";
            default -> "ok " + result;
        };
    }

    private static String stat(Stat stat) {
        return "version=" + stat.version() + " cversion=" + stat.cversion() + " children=" + stat.numChildren();
    }

    /** The one program both sides run: sequence counters and versions across the wrap. */
    private static List<String> program(ZooKeeperClient zk, Awaiter side) {
        List<String> lines = new ArrayList<>();
        lines.add(outcome(side, zk.getChildren2("/p", false)));
        for (int i = 0; i < 4; i++) {
            lines.add(outcome(side, zk.create("/p/s-", null, CreateMode.PERSISTENT_SEQUENTIAL)));
        }
        lines.add(outcome(side, zk.getChildren2("/p", false)));
        lines.add(outcome(side, zk.delete("/p/s-" + Integer.MAX_VALUE, -1)));
        lines.add(outcome(side, zk.create("/p/e-", null, CreateMode.EPHEMERAL_SEQUENTIAL)));
        lines.add(outcome(side, zk.getChildren2("/p", false)));
        byte[] data = "x".getBytes(StandardCharsets.UTF_8);
        lines.add(outcome(side, zk.setData("/v", data, -1)));
        lines.add(outcome(side, zk.setData("/v", data, Integer.MAX_VALUE)));
        lines.add(outcome(side, zk.setData("/v", data, Integer.MAX_VALUE)));
        lines.add(outcome(side, zk.setData("/v", data, Integer.MIN_VALUE)));
        lines.add(outcome(side, zk.multi(List.of(Op.check("/v", Integer.MIN_VALUE + 1)))));
        lines.add(outcome(side, zk.delete("/v", Integer.MIN_VALUE)));
        lines.add(outcome(side, zk.delete("/v", Integer.MIN_VALUE + 1)));
        lines.add(outcome(side, zk.setData("/w", data, -3)));
        lines.add(outcome(side, zk.setData("/w", data, -2)));
        lines.add(outcome(side, zk.exists("/w", false)));
        lines.add(outcome(side, zk.setData("/w", data, -1)));
        lines.add(outcome(side, zk.setData("/w", data, 5)));
        return lines;
    }

    private static List<String> onZksim() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(8), EnsembleConfig.defaults(1).withCounterStarts(STARTS));
        EnsembleClient client = ensemble.addClient((context, zk) -> { });
        ensemble.runFor(Time.seconds(1));
        return program(client.zk(), stage -> {
            CompletableFuture<?> future = stage.toCompletableFuture();
            for (int i = 0; i < 60 && !future.isDone(); i++) {
                ensemble.runFor(Time.millis(100));
            }
            return future.handle((value, error) -> error == null ? value
                    : error.getCause() != null ? error.getCause() : error).join();
        });
    }

    /** Writes the counters into a snapshot of ZooKeeper's own DataTree, as a long history would leave them. */
    private static void writeSnapshot(File dataDir) throws Exception {
        DataTree tree = new DataTree();
        for (CounterStart start : STARTS) {
            tree.createNode(start.path(), null, ZooDefs.Ids.OPEN_ACL_UNSAFE, 0, -1, 1, 0);
            tree.getNode(start.path()).stat.setCversion(start.cversion());
            tree.getNode(start.path()).stat.setVersion(start.version());
        }
        tree.lastProcessedZxid = 1;
        FileTxnSnapLog snapLog = new FileTxnSnapLog(dataDir, dataDir);
        try {
            snapLog.save(tree, new ConcurrentHashMap<>(), true);
        } finally {
            snapLog.close();
        }
    }

    private static List<String> onRealZooKeeper() throws Exception {
        try (RealEnsemble ensemble = RealEnsemble.standalone(CounterOverflowConformanceTest::writeSnapshot)) {
            RealZooKeeperClient zk = Blocking.connect(ensemble.connectString(), 10_000, null, WAIT);
            try {
                return program(zk, stage -> {
                    try {
                        return Blocking.await(stage, WAIT);
                    } catch (KeeperException e) {
                        return e;
                    }
                });
            } finally {
                zk.close();
            }
        }
    }

    @Test
    void sequenceSuffixesAndVersionsAcrossTheOverflowMatchARealServer() throws Exception {
        List<String> sim = onZksim();
        List<String> real = onRealZooKeeper();
        assertThat(sim).as("zksim\n" + String.join("\n", sim) + "\nreal\n" + String.join("\n", real)).isEqualTo(real);
        assertThat(sim.get(3)).as("the last positive suffix").isEqualTo("ok /p/s-" + Integer.MAX_VALUE);
    }
}
