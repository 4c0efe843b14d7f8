package dev.zksim.server.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.EventType;
import dev.zksim.api.WatchedEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reconnect rules of reference 3.6, one branch per test. */
class SetWatchesCatchUpTest {

    private static final long CONNECTION = 42L;
    /** The client's last seen zxid when it reconnects. */
    private static final long LAST_SEEN = 100L;

    /** A tree reduced to what setWatches reads: path to (mzxid, pzxid). */
    private static final class FakeTree implements NodeVersions {
        private record Versions(long mzxid, long pzxid) {}

        private final Map<String, Versions> nodes = new LinkedHashMap<>();

        FakeTree node(String path, long mzxid, long pzxid) {
            nodes.put(path, new Versions(mzxid, pzxid));
            return this;
        }

        @Override
        public boolean exists(String path) {
            return nodes.containsKey(path);
        }

        @Override
        public long mzxid(String path) {
            return nodes.get(path).mzxid();
        }

        @Override
        public long pzxid(String path) {
            return nodes.get(path).pzxid();
        }
    }

    private final ServerWatchTable watches = new ServerWatchTable();
    private final FakeTree tree = new FakeTree();

    private static WatchDelivery catchUp(EventType type, String path) {
        return new WatchDelivery(CONNECTION, WatchedEvent.node(type, path, -1));
    }

    private List<WatchDelivery> reconnect(List<String> data, List<String> exist, List<String> child) {
        return watches.setWatches(LAST_SEEN, data, exist, child, CONNECTION, tree);
    }

    @Test
    void unchangedDataWatchIsReRegisteredWithoutEvent() {
        tree.node("/a", LAST_SEEN, 50);

        assertThat(reconnect(List.of("/a"), List.of(), List.of())).isEmpty();
        assertThat(watches.hasWatch(WatchKind.DATA, "/a", CONNECTION)).isTrue();
        assertThat(watches.trigger(EventType.NodeDataChanged, "/a", 101))
            .containsExactly(new WatchDelivery(CONNECTION, WatchedEvent.node(EventType.NodeDataChanged, "/a", 101)));
    }

    @Test
    void dataWatchOnADeletedNodeFiresNodeDeletedAndIsConsumed() {
        assertThat(reconnect(List.of("/a"), List.of(), List.of()))
            .containsExactly(catchUp(EventType.NodeDeleted, "/a"));
        assertThat(watches.watchCount()).isZero();
    }

    @Test
    void dataWatchOnAChangedNodeFiresNodeDataChangedAndIsConsumed() {
        tree.node("/a", LAST_SEEN + 1, 0);

        assertThat(reconnect(List.of("/a"), List.of(), List.of()))
            .containsExactly(catchUp(EventType.NodeDataChanged, "/a"));
        assertThat(watches.watchCount()).isZero();
    }

    @Test
    void deleteAndRecreateWhileDisconnectedShowsAsNodeDataChanged() {
        // The client last saw zxid 100; /a was deleted at 101 and created again at 102.
        tree.node("/a", 102, 102);

        assertThat(reconnect(List.of("/a"), List.of(), List.of()))
            .containsExactly(catchUp(EventType.NodeDataChanged, "/a"));
    }

    @Test
    void existWatchOnANodeCreatedMeanwhileFiresNodeCreated() {
        tree.node("/a", 101, 101);

        assertThat(reconnect(List.of(), List.of("/a"), List.of()))
            .containsExactly(catchUp(EventType.NodeCreated, "/a"));
        assertThat(watches.watchCount()).isZero();
    }

    @Test
    void createAndDeleteWhileDisconnectedIsInvisibleToAnExistWatch() {
        // /a was created at 101 and deleted at 102: the tree no longer shows any trace of it.
        assertThat(reconnect(List.of(), List.of("/a"), List.of())).isEmpty();
        assertThat(watches.hasWatch(WatchKind.DATA, "/a", CONNECTION)).isTrue();
        assertThat(watches.trigger(EventType.NodeCreated, "/a", 103))
            .containsExactly(new WatchDelivery(CONNECTION, WatchedEvent.node(EventType.NodeCreated, "/a", 103)));
    }

    @Test
    void childWatchOnADeletedNodeFiresNodeDeleted() {
        assertThat(reconnect(List.of(), List.of(), List.of("/a")))
            .containsExactly(catchUp(EventType.NodeDeleted, "/a"));
        assertThat(watches.watchCount()).isZero();
    }

    @Test
    void childWatchWithChildrenChangedMeanwhileFiresNodeChildrenChanged() {
        tree.node("/a", 10, LAST_SEEN + 5);

        assertThat(reconnect(List.of(), List.of(), List.of("/a")))
            .containsExactly(catchUp(EventType.NodeChildrenChanged, "/a"));
        assertThat(watches.watchCount()).isZero();
    }

    @Test
    void childWatchIgnoresADataChangeOfTheNodeItself() {
        tree.node("/a", LAST_SEEN + 5, LAST_SEEN);

        assertThat(reconnect(List.of(), List.of(), List.of("/a"))).isEmpty();
        assertThat(watches.hasWatch(WatchKind.CHILD, "/a", CONNECTION)).isTrue();
    }

    @Test
    void catchUpEventsComeInDataExistChildOrder() {
        tree.node("/d", 200, 0).node("/e", 1, 1).node("/c", 1, 200);

        assertThat(reconnect(List.of("/d", "/gone"), List.of("/e", "/absent"), List.of("/c")))
            .containsExactly(
                catchUp(EventType.NodeDataChanged, "/d"),
                catchUp(EventType.NodeDeleted, "/gone"),
                catchUp(EventType.NodeCreated, "/e"),
                catchUp(EventType.NodeChildrenChanged, "/c"));
        assertThat(watches.pathsOf(WatchKind.DATA, CONNECTION)).containsExactly("/absent");
        assertThat(watches.pathsOf(WatchKind.CHILD, CONNECTION)).isEmpty();
    }
}
