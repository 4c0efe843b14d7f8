package dev.zksim.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.WatcherType;
import dev.zksim.api.ZooKeeperClient.ChildrenAndStat;
import dev.zksim.api.ZooKeeperClient.Created;
import dev.zksim.api.ZooKeeperClient.DataAndStat;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * What the real client must show on any real ensemble, with the values the reference
 * document predicts. Subclasses supply the ensemble, shared by the whole class; every
 * test works under its own base node, so only the first test sees a fresh root.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class RealClientContract {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final int SESSION_TIMEOUT_MS = 4_000;

    protected EventLog defaults;
    protected RealZooKeeperClient client;
    private final List<RealZooKeeperClient> others = new ArrayList<>();
    private String base;

    /** The ensemble of the concrete class, started once for all its tests. */
    abstract RealEnsemble ensemble();

    @BeforeEach
    void connect(TestInfo info) throws Exception {
        defaults = new EventLog();
        client = Blocking.connect(ensemble().connectString(), SESSION_TIMEOUT_MS, defaults, WAIT);
        assertThat(defaults.next().state()).isEqualTo(KeeperState.SyncConnected);
        base = "/" + info.getTestMethod().orElseThrow().getName();
    }

    @AfterEach
    void closeClients() throws Exception {
        for (RealZooKeeperClient other : others) {
            await(other.close());
        }
        await(client.close());
    }

    static <T> T await(CompletionStage<T> stage) throws KeeperException {
        return Blocking.await(stage, WAIT);
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The test's base node, created on first use. */
    String base() throws KeeperException {
        if (await(client.exists(base, false)) == null) {
            await(client.create(base, null, CreateMode.PERSISTENT));
        }
        return base;
    }

    RealZooKeeperClient another(EventLog watcher) throws Exception {
        RealZooKeeperClient other = Blocking.connect(ensemble().connectString(), SESSION_TIMEOUT_MS, watcher, WAIT);
        others.add(other);
        return other;
    }

    static Code codeOf(Throwable thrown) {
        return ((KeeperException) thrown).code();
    }

    @Test
    @Order(1)
    void firstCreateUnderRootMovesRootCversionFromMinusOne() throws Exception {
        Stat before = await(client.exists("/", false));
        assertThat(before.cversion()).isEqualTo(-1);
        assertThat(before.numChildren()).isEqualTo(1);
        assertThat(before.pzxid()).isZero();

        Created created = await(client.createWithStat("/first", bytes("x"), CreateMode.PERSISTENT));
        Stat stat = created.stat();
        long zxid = stat.czxid();
        assertThat(created.path()).isEqualTo("/first");
        assertThat(stat).isEqualTo(new Stat(zxid, zxid, stat.ctime(), stat.ctime(), 0, 0, 0, 0L, 1, 0, zxid));
        assertThat(stat.ctime()).isPositive();

        Stat root = await(client.exists("/", false));
        assertThat(root.cversion()).isZero();
        assertThat(root.numChildren()).isEqualTo(2);
        assertThat(root.pzxid()).isEqualTo(zxid);
        assertThat(root.mzxid()).isEqualTo(before.mzxid());
        assertThat(root.version()).isEqualTo(before.version());
    }

    @Test
    void createGetSetDeleteHaveThePredictedStats() throws Exception {
        String path = base() + "/n";
        Stat created = await(client.createWithStat(path, bytes("v1"), CreateMode.PERSISTENT)).stat();
        long z1 = created.czxid();
        assertThat(await(client.getData(path, false))).isEqualTo(new DataAndStat(bytes("v1"), created));
        Stat parent = await(client.exists(base(), false));
        assertThat(parent.cversion()).isEqualTo(1);
        assertThat(parent.numChildren()).isEqualTo(1);
        assertThat(parent.pzxid()).isEqualTo(z1);

        Stat set = await(client.setData(path, bytes("v22"), 0));
        assertThat(set).isEqualTo(new Stat(z1, z1 + 1, created.ctime(), set.mtime(), 1, 0, 0, 0L, 3, 0, z1));
        assertThat(await(client.exists(base(), false))).isEqualTo(parent);

        assertThatThrownBy(() -> await(client.delete(path, 0)))
            .isInstanceOfSatisfying(KeeperException.class, e -> {
                assertThat(e.code()).isEqualTo(Code.BADVERSION);
                assertThat(e.getPath()).isEqualTo(path);
            });
        await(client.delete(path, 1));
        Stat after = await(client.exists(base(), false));
        // create z1, setData z1+1, the failed delete z1+2, the delete z1+3.
        assertThat(after.pzxid()).isEqualTo(z1 + 3);
        assertThat(after.cversion()).isEqualTo(2);
        assertThat(after.numChildren()).isZero();
        assertThat(after.mzxid()).isEqualTo(parent.mzxid());

        assertThat(await(client.exists(path, false))).isNull();
        assertThatThrownBy(() -> await(client.getData(path, false)))
            .isInstanceOfSatisfying(KeeperException.class, e -> {
                assertThat(e.code()).isEqualTo(Code.NONODE);
                assertThat(e.getPath()).isEqualTo(path);
            });
    }

    @Test
    void failedCreateStillConsumesAZxid() throws Exception {
        String b = base();
        long first = await(client.createWithStat(b + "/a", null, CreateMode.PERSISTENT)).stat().czxid();
        KeeperException exists = catchKeeper(client.create(b + "/a", null, CreateMode.PERSISTENT));
        assertThat(exists.code()).isEqualTo(Code.NODEEXISTS);
        assertThat(exists.getPath()).isEqualTo(b + "/a");
        KeeperException noParent = catchKeeper(client.create(b + "/missing/b", null, CreateMode.PERSISTENT));
        assertThat(noParent.code()).isEqualTo(Code.NONODE);
        assertThat(noParent.getPath()).isEqualTo(b + "/missing/b");
        long next = await(client.createWithStat(b + "/b", null, CreateMode.PERSISTENT)).stat().czxid();
        assertThat(next).isEqualTo(first + 3);
    }

    @Test
    void sequentialSuffixesCountEveryChildCreate() throws Exception {
        String b = base();
        assertThat(await(client.create(b + "/s-", null, CreateMode.PERSISTENT_SEQUENTIAL))).isEqualTo(b + "/s-0000000000");
        await(client.create(b + "/plain", null, CreateMode.PERSISTENT));
        await(client.delete(b + "/plain", -1));
        Created eph = await(client.createWithStat(b + "/e-", null, CreateMode.EPHEMERAL_SEQUENTIAL));
        assertThat(eph.path()).isEqualTo(b + "/e-0000000002");
        assertThat(eph.stat().ephemeralOwner()).isEqualTo(client.sessionId());
        // A sequential path may end in '/': the child's name is the counter alone.
        assertThat(await(client.create(b + "/", null, CreateMode.PERSISTENT_SEQUENTIAL))).isEqualTo(b + "/0000000003");
        assertThat(await(client.getChildren(b, false)).stream().sorted().toList())
            .containsExactly("0000000003", "e-0000000002", "s-0000000000");
    }

    @Test
    void existsWatchOnMissingNodeFiresNodeCreated() throws Exception {
        EventLog watcher = new EventLog();
        String path = base() + "/w";
        assertThat(await(client.exists(path, watcher))).isNull();
        long czxid = await(client.createWithStat(path, null, CreateMode.PERSISTENT)).stat().czxid();
        assertThat(watcher.next()).isEqualTo(new WatchedEvent(EventType.NodeCreated, KeeperState.SyncConnected, path, czxid));
        await(client.setData(path, null, -1));
        watcher.assertQuiet(Duration.ofMillis(200));
    }

    @Test
    void sameWatcherOnExistsAndGetDataIsCalledOnceOnDelete() throws Exception {
        String path = base() + "/once";
        await(client.create(path, null, CreateMode.PERSISTENT));
        EventLog same = new EventLog();
        EventLog other = new EventLog();
        await(client.exists(path, same));
        await(client.getData(path, same));
        await(client.getData(path, other));
        // The default watcher passed both explicitly and as watch=true is one watcher too.
        await(client.exists(path, true));
        await(client.getData(path, defaults));
        await(client.delete(path, -1));
        assertThat(same.next().type()).isEqualTo(EventType.NodeDeleted);
        assertThat(other.next().type()).isEqualTo(EventType.NodeDeleted);
        assertThat(defaults.next().type()).isEqualTo(EventType.NodeDeleted);
        same.assertQuiet(Duration.ofMillis(200));
        other.assertQuiet(Duration.ZERO);
        defaults.assertQuiet(Duration.ZERO);
    }

    @Test
    void childWatchAndGetChildren2() throws Exception {
        String b = base();
        EventLog watcher = new EventLog();
        ChildrenAndStat empty = await(client.getChildren2(b, watcher));
        assertThat(empty.children()).isEmpty();
        assertThat(empty.stat()).isEqualTo(await(client.exists(b, false)));
        long czxid = await(client.createWithStat(b + "/c", null, CreateMode.PERSISTENT)).stat().czxid();
        assertThat(watcher.next()).isEqualTo(
            new WatchedEvent(EventType.NodeChildrenChanged, KeeperState.SyncConnected, b, czxid));
        assertThat(await(client.getChildren2(b, false)).children()).containsExactly("c");
        assertThat(await(client.sync(b))).isEqualTo(b);
    }

    @Test
    void multiSuccessGivesTypedResultsWithOneZxid() throws Exception {
        String b = base();
        await(client.create(b + "/old", null, CreateMode.PERSISTENT));
        List<OpResult> results = await(client.multi(List.of(
            Op.create(b + "/m", bytes("1"), CreateMode.PERSISTENT),
            Op.setData(b + "/m", bytes("22"), 0),
            Op.check(b + "/m", 1),
            Op.create(b + "/q-", null, CreateMode.PERSISTENT_SEQUENTIAL),
            Op.delete(b + "/old", 0))));
        assertThat(results).hasSize(5);
        assertThat(results.get(0)).isEqualTo(new OpResult.CreateResult(b + "/m"));
        Stat set = ((OpResult.SetDataResult) results.get(1)).stat();
        assertThat(set.version()).isEqualTo(1);
        assertThat(set.mzxid()).isEqualTo(set.czxid());
        assertThat(results.get(2)).isEqualTo(new OpResult.CheckResult());
        assertThat(results.get(3)).isEqualTo(new OpResult.CreateResult(b + "/q-0000000002"));
        assertThat(results.get(4)).isEqualTo(new OpResult.DeleteResult());
        assertThat(await(client.exists(b, false)).pzxid()).isEqualTo(set.czxid());
        assertThat(await(client.multi(List.of()))).isEmpty();
    }

    @Test
    void multiFailureReportsOkThenErrorThenRuntimeInconsistency() throws Exception {
        String b = base();
        KeeperException thrown = catchKeeper(client.multi(List.of(
            Op.create(b + "/x", null, CreateMode.PERSISTENT),
            Op.create(b + "/y", null, CreateMode.PERSISTENT),
            Op.setData(b + "/absent", null, -1),
            Op.create(b + "/z", null, CreateMode.PERSISTENT))));
        assertThat(thrown.code()).isEqualTo(Code.NONODE);
        assertThat(thrown.getPath()).isNull();
        assertThat(thrown.getResults()).containsExactly(
            new OpResult.ErrorResult(0), new OpResult.ErrorResult(0),
            new OpResult.ErrorResult(-101), new OpResult.ErrorResult(-2));
        assertThat(await(client.getChildren(b, false))).isEmpty();
    }

    @Test
    void nullDataRoundTripsAsNullAndEmptyAsEmpty() throws Exception {
        String b = base();
        await(client.create(b + "/null", null, CreateMode.PERSISTENT));
        DataAndStat read = await(client.getData(b + "/null", false));
        assertThat(read.data()).isNull();
        assertThat(read.stat().dataLength()).isZero();
        await(client.create(b + "/empty", new byte[0], CreateMode.PERSISTENT));
        assertThat(await(client.getData(b + "/empty", false)).data()).isEmpty();
        await(client.setData(b + "/empty", null, -1));
        assertThat(await(client.getData(b + "/empty", false)).data()).isNull();
    }

    @Test
    void containerNodesReportNoOwner() throws Exception {
        String b = base();
        Created container = await(client.createWithStat(b + "/c1", null, CreateMode.CONTAINER));
        assertThat(container.stat().ephemeralOwner()).isZero();
        assertThat(await(client.create(b + "/c2", bytes("d"), CreateMode.CONTAINER))).isEqualTo(b + "/c2");
        assertThat(await(client.getData(b + "/c2", false)).data()).isEqualTo(bytes("d"));
    }

    @Test
    void closeRemovesEphemeralsAndWatchersSeeNodeDeleted() throws Exception {
        EventLog ownerEvents = new EventLog();
        RealZooKeeperClient owner = another(ownerEvents);
        ownerEvents.nextWithState(KeeperState.SyncConnected);
        String path = base() + "/eph";
        Stat stat = await(owner.createWithStat(path, null, CreateMode.EPHEMERAL)).stat();
        assertThat(stat.ephemeralOwner()).isEqualTo(owner.sessionId());
        EventLog watcher = new EventLog();
        await(client.sync(path));
        assertThat(await(client.exists(path, watcher))).isNotNull();

        await(owner.close());
        assertThat(ownerEvents.next()).isEqualTo(WatchedEvent.session(KeeperState.Closed));
        WatchedEvent deleted = watcher.next();
        assertThat(deleted.type()).isEqualTo(EventType.NodeDeleted);
        assertThat(deleted.path()).isEqualTo(path);
        assertThat(deleted.zxid()).isGreaterThan(stat.czxid());
        await(client.sync(path));
        assertThat(await(client.exists(path, false))).isNull();
        assertThat(codeOf(catchKeeper(owner.exists(path, false)))).isEqualTo(Code.SESSIONEXPIRED);
    }

    @Test
    void expiringASessionFiresExpiredAndDeletesItsEphemerals() throws Exception {
        EventLog victimEvents = new EventLog();
        RealZooKeeperClient victim = another(victimEvents);
        victimEvents.nextWithState(KeeperState.SyncConnected);
        String path = base() + "/lease";
        await(victim.create(path, null, CreateMode.EPHEMERAL));
        EventLog watcher = new EventLog();
        // The client's server may not have applied the victim's create yet: sync, or the watch
        // set by exists could be a creation watch that fires NodeCreated first.
        await(client.sync(path));
        await(client.exists(path, watcher));

        ensemble().expireSession(victim);
        assertThat(watcher.next().type()).isEqualTo(EventType.NodeDeleted);
        assertThat(victimEvents.nextWithState(KeeperState.Expired)).isEqualTo(WatchedEvent.session(KeeperState.Expired));
        assertThat(codeOf(catchKeeper(victim.exists(path, false)))).isEqualTo(Code.SESSIONEXPIRED);
        await(victim.close());
    }

    @Test
    void invalidPathsThrowIllegalArgumentSynchronously() {
        assertThatThrownBy(() -> client.create("relative", null, CreateMode.PERSISTENT))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> client.create("/trailing/", null, CreateMode.PERSISTENT))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> client.exists("/a//b", false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> client.getData("/a/.", false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> client.delete("/a/..", -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> client.setData("/a\u0000", null, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> client.multi(List.of(Op.check("/ok", -1), Op.delete("bad", -1))))
            .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void removeWatchesTellsTheWatcherAndASecondRemovalIsNoWatcher() throws Exception {
        String path = base() + "/w";
        await(client.create(path, null, CreateMode.PERSISTENT));
        EventLog watcher = new EventLog();
        await(client.getData(path, watcher));

        await(client.removeWatches(path, watcher, WatcherType.Data, false));
        assertThat(watcher.next().type()).isEqualTo(EventType.DataWatchRemoved);
        assertThat(codeOf(catchKeeper(client.removeWatches(path, watcher, WatcherType.Data, false))))
            .isEqualTo(Code.NOWATCHER);
        assertThat(codeOf(catchKeeper(client.removeAllWatches(path, WatcherType.Any, true)))).isEqualTo(Code.NOWATCHER);
    }

    /** The KeeperException a stage fails with; fails the test if it succeeds. */
    static KeeperException catchKeeper(CompletionStage<?> stage) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> await(stage));
        assertThat(thrown).isInstanceOf(KeeperException.class);
        return (KeeperException) thrown;
    }
}
