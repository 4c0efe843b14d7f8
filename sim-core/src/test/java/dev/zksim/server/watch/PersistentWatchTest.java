package dev.zksim.server.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.EventType;
import dev.zksim.api.WatchedEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** addWatch on the server (reference 3.7). */
class PersistentWatchTest {

    private static final long ALICE = 1L;
    private static final long BOB = 2L;

    private final ServerWatchTable watches = new ServerWatchTable();

    private static WatchDelivery delivery(long connection, EventType type, String path, long zxid) {
        return new WatchDelivery(connection, WatchedEvent.node(type, path, zxid));
    }

    @Test
    void persistentWatchSeesEveryEventOnItsPathAndSurvivesDeleteAndRecreate() {
        watches.addPersistentWatch("/a", ALICE);

        assertThat(watches.trigger(EventType.NodeCreated, "/a", 1))
            .containsExactly(delivery(ALICE, EventType.NodeCreated, "/a", 1));
        assertThat(watches.trigger(EventType.NodeDataChanged, "/a", 2))
            .containsExactly(delivery(ALICE, EventType.NodeDataChanged, "/a", 2));
        assertThat(watches.trigger(EventType.NodeCreated, "/a/b", 3))
            .containsExactly(delivery(ALICE, EventType.NodeChildrenChanged, "/a", 3));
        assertThat(watches.trigger(EventType.NodeDataChanged, "/a/b", 4)).isEmpty();
        assertThat(watches.trigger(EventType.NodeDeleted, "/a", 5))
            .containsExactly(delivery(ALICE, EventType.NodeDeleted, "/a", 5));
        assertThat(watches.trigger(EventType.NodeCreated, "/a", 6))
            .containsExactly(delivery(ALICE, EventType.NodeCreated, "/a", 6));
        assertThat(watches.hasWatch(WatchKind.PERSISTENT, "/a", ALICE)).isTrue();
    }

    @Test
    void recursiveWatchSeesDescendantsButNeverChildrenChanged() {
        watches.addRecursiveWatch("/a", ALICE);

        assertThat(watches.trigger(EventType.NodeCreated, "/a/b", 1))
            .containsExactly(delivery(ALICE, EventType.NodeCreated, "/a/b", 1));
        assertThat(watches.trigger(EventType.NodeDataChanged, "/a/b/c", 2))
            .containsExactly(delivery(ALICE, EventType.NodeDataChanged, "/a/b/c", 2));
        assertThat(watches.trigger(EventType.NodeDeleted, "/a", 3))
            .containsExactly(delivery(ALICE, EventType.NodeDeleted, "/a", 3));
        assertThat(watches.trigger(EventType.NodeCreated, "/ab", 4)).isEmpty();
        assertThat(watches.trigger(EventType.NodeCreated, "/a", 5)).hasSize(1);
    }

    @Test
    void recursiveWatchOnTheRootSeesTheWholeTree() {
        watches.addRecursiveWatch("/", ALICE);

        assertThat(watches.trigger(EventType.NodeCreated, "/x/y", 1))
            .containsExactly(delivery(ALICE, EventType.NodeCreated, "/x/y", 1));
        assertThat(ServerWatchTable.ancestorsOrSelf("/x/y")).containsExactly("/x/y", "/x", "/");
    }

    @Test
    void standardAndPersistentWatchOfOneConnectionGiveOneNotificationAndOnlyTheStandardIsConsumed() {
        watches.addDataWatch("/a", ALICE);
        watches.addPersistentWatch("/a", ALICE);
        watches.addRecursiveWatch("/", ALICE);
        watches.addDataWatch("/a", BOB);

        assertThat(watches.trigger(EventType.NodeDataChanged, "/a", 7)).containsExactly(
            delivery(ALICE, EventType.NodeDataChanged, "/a", 7),
            delivery(BOB, EventType.NodeDataChanged, "/a", 7));
        assertThat(watches.hasWatch(WatchKind.DATA, "/a", ALICE)).isFalse();
        assertThat(watches.hasWatch(WatchKind.PERSISTENT, "/a", ALICE)).isTrue();
    }

    @Test
    void deleteSendsOnePersistentWatcherOneNodeDeleted() {
        watches.addPersistentWatch("/a", ALICE);
        watches.addChildWatch("/a", ALICE);

        assertThat(watches.trigger(EventType.NodeDeleted, "/a", 8))
            .containsExactly(delivery(ALICE, EventType.NodeDeleted, "/a", 8));
        assertThat(watches.hasWatch(WatchKind.CHILD, "/a", ALICE)).isFalse();
    }

    @Test
    void setWatches2ReAddsPersistentWatchesWithoutCatchUp() {
        NodeVersions changedEverything = new NodeVersions() {
            @Override
            public boolean exists(String path) {
                return true;
            }

            @Override
            public long mzxid(String path) {
                return 500;
            }

            @Override
            public long pzxid(String path) {
                return 500;
            }
        };

        List<WatchDelivery> deliveries = watches.setWatches(100, List.of("/d"), List.of(), List.of(),
            List.of("/p"), List.of("/r"), ALICE, changedEverything);

        assertThat(deliveries).containsExactly(new WatchDelivery(ALICE, WatchedEvent.node(EventType.NodeDataChanged, "/d", -1)));
        assertThat(watches.hasWatch(WatchKind.PERSISTENT, "/p", ALICE)).isTrue();
        assertThat(watches.hasWatch(WatchKind.PERSISTENT_RECURSIVE, "/r", ALICE)).isTrue();
    }

    @Test
    void closingTheConnectionDropsPersistentWatches() {
        watches.addPersistentWatch("/a", ALICE);
        watches.addRecursiveWatch("/", ALICE);

        watches.removeConnection(ALICE);

        assertThat(watches.watchCount()).isZero();
        assertThat(watches.trigger(EventType.NodeCreated, "/a", 1)).isEmpty();
    }
}
