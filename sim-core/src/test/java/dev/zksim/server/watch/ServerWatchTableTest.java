package dev.zksim.server.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.EventType;
import dev.zksim.api.WatchedEvent;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ServerWatchTableTest {

    private static final long ALICE = 1L;
    private static final long BOB = 2L;
    private static final long CAROL = 3L;

    private final ServerWatchTable watches = new ServerWatchTable();

    private static WatchDelivery delivery(long connection, EventType type, String path, long zxid) {
        return new WatchDelivery(connection, WatchedEvent.node(type, path, zxid));
    }

    @Test
    void severalRegistrationsOfOneConnectionGiveOneNotification() {
        watches.addDataWatch("/a", ALICE); // exists
        watches.addDataWatch("/a", ALICE); // getData
        watches.addDataWatch("/a", ALICE); // getData again

        assertThat(watches.watchCount()).isEqualTo(1);
        assertThat(watches.trigger(EventType.NodeDataChanged, "/a", 7))
            .containsExactly(delivery(ALICE, EventType.NodeDataChanged, "/a", 7));
    }

    @Test
    void everyWatchingConnectionIsNotifiedInRegistrationOrder() {
        watches.addDataWatch("/a", CAROL);
        watches.addDataWatch("/a", ALICE);
        watches.addDataWatch("/a", BOB);

        assertThat(watches.trigger(EventType.NodeDataChanged, "/a", 7))
            .extracting(WatchDelivery::connectionId)
            .containsExactly(CAROL, ALICE, BOB);
    }

    @Test
    void standardWatchesAreOneShot() {
        watches.addDataWatch("/a", ALICE);

        assertThat(watches.trigger(EventType.NodeDataChanged, "/a", 7)).hasSize(1);
        assertThat(watches.trigger(EventType.NodeDataChanged, "/a", 8)).isEmpty();
        assertThat(watches.hasWatch(WatchKind.DATA, "/a", ALICE)).isFalse();
        assertThat(watches.watchCount()).isZero();
    }

    @Test
    void createFiresNodeCreatedOnTheNodeAndChildrenChangedOnTheParent() {
        watches.addDataWatch("/a/b", ALICE); // exists on the missing node
        watches.addChildWatch("/a", BOB);
        watches.addChildWatch("/a/b", CAROL); // cannot happen for a missing node, but must not fire

        assertThat(watches.trigger(new TreeChange.Created("/a/b", 9))).containsExactly(
            delivery(ALICE, EventType.NodeCreated, "/a/b", 9),
            delivery(BOB, EventType.NodeChildrenChanged, "/a", 9));
        assertThat(watches.hasWatch(WatchKind.CHILD, "/a/b", CAROL)).isTrue();
    }

    @Test
    void theParentOfAChildOfTheRootIsTheRoot() {
        watches.addChildWatch("/", ALICE);

        assertThat(watches.trigger(EventType.NodeCreated, "/a", 4))
            .containsExactly(delivery(ALICE, EventType.NodeChildrenChanged, "/", 4));
        assertThat(ServerWatchTable.parentOf("/a/b/c")).isEqualTo("/a/b");
    }

    @Test
    void deleteNotifiesDataThenChildThenParentWatchers() {
        watches.addChildWatch("/a", CAROL);
        watches.addChildWatch("/a/b", BOB);
        watches.addDataWatch("/a/b", ALICE);

        assertThat(watches.trigger(new TreeChange.Deleted("/a/b", 12))).containsExactly(
            delivery(ALICE, EventType.NodeDeleted, "/a/b", 12),
            delivery(BOB, EventType.NodeDeleted, "/a/b", 12),
            delivery(CAROL, EventType.NodeChildrenChanged, "/a", 12));
        assertThat(watches.watchCount()).isZero();
    }

    @Test
    void deleteSendsOneNodeDeletedToAConnectionWatchingDataAndChildren() {
        watches.addDataWatch("/a", ALICE); // getData
        watches.addChildWatch("/a", ALICE); // getChildren
        watches.addChildWatch("/a", BOB);

        assertThat(watches.trigger(EventType.NodeDeleted, "/a", 5)).containsExactly(
            delivery(ALICE, EventType.NodeDeleted, "/a", 5),
            delivery(BOB, EventType.NodeDeleted, "/a", 5));
        // The suppressed child watch is consumed all the same.
        assertThat(watches.hasWatch(WatchKind.CHILD, "/a", ALICE)).isFalse();
    }

    @Test
    void setDataFiresOnlyTheDataWatchAndTheChildWatchStaysArmed() {
        watches.addDataWatch("/a", ALICE);
        watches.addChildWatch("/a", ALICE);

        assertThat(watches.trigger(EventType.NodeDataChanged, "/a", 5))
            .containsExactly(delivery(ALICE, EventType.NodeDataChanged, "/a", 5));
        assertThat(watches.hasWatch(WatchKind.CHILD, "/a", ALICE)).isTrue();
        assertThat(watches.trigger(EventType.NodeCreated, "/a/x", 6))
            .containsExactly(delivery(ALICE, EventType.NodeChildrenChanged, "/a", 6));
    }

    @Test
    void childWatchIgnoresDataChangesOfChildrenAndChangesOfGrandchildren() {
        watches.addChildWatch("/a", ALICE);

        assertThat(watches.trigger(EventType.NodeDataChanged, "/a/b", 5)).isEmpty();
        assertThat(watches.trigger(EventType.NodeDataChanged, "/a", 6)).isEmpty();
        assertThat(watches.trigger(EventType.NodeCreated, "/a/b/c", 7)).isEmpty();
        assertThat(watches.trigger(EventType.NodeDeleted, "/a/b/c", 8)).isEmpty();
        assertThat(watches.hasWatch(WatchKind.CHILD, "/a", ALICE)).isTrue();
    }

    @Test
    void existsWatchOnAMissingNodeFiresNodeCreatedOnly() {
        watches.addDataWatch("/a", ALICE);

        assertThat(watches.trigger(EventType.NodeCreated, "/a", 3))
            .containsExactly(delivery(ALICE, EventType.NodeCreated, "/a", 3));
        assertThat(watches.trigger(EventType.NodeDataChanged, "/a", 4)).isEmpty();
        assertThat(watches.trigger(EventType.NodeDeleted, "/a", 5)).isEmpty();
    }

    @Test
    void closingAConnectionDropsAllItsWatchesSilently() {
        watches.addDataWatch("/a", ALICE);
        watches.addChildWatch("/a", ALICE);
        watches.addDataWatch("/a", BOB);

        watches.removeConnection(ALICE);

        assertThat(watches.watchCount()).isEqualTo(1);
        assertThat(watches.trigger(EventType.NodeDeleted, "/a", 5))
            .containsExactly(delivery(BOB, EventType.NodeDeleted, "/a", 5));
    }

    @Test
    void onlyCreateDeleteAndSetDataAreTreeChanges() {
        assertThatThrownBy(() -> watches.trigger(EventType.NodeChildrenChanged, "/a", 5))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> watches.trigger(EventType.NodeDeleted, "/", 5))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> watches.addDataWatch("a", ALICE))
            .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void reportsListWatchesSortedByConnectionAndByPath() {
        watches.addDataWatch("/b", BOB);
        watches.addDataWatch("/a", BOB);
        watches.addDataWatch("/a", ALICE);
        watches.addChildWatch("/c", ALICE);

        assertThat(watches.watchCount()).isEqualTo(4);
        assertThat(watches.pathsByConnection(WatchKind.DATA)).containsExactly(
            Map.entry(ALICE, new TreeSet<>(List.of("/a"))),
            Map.entry(BOB, new TreeSet<>(List.of("/a", "/b"))));
        assertThat(watches.connectionsByPath(WatchKind.DATA)).containsExactly(
            Map.entry("/a", new TreeSet<>(List.of(ALICE, BOB))),
            Map.entry("/b", new TreeSet<>(List.of(BOB))));
        assertThat(watches.summary(WatchKind.DATA)).isEqualTo(new WatchSummary(2, 2, 3));
        assertThat(watches.summary(WatchKind.CHILD)).isEqualTo(new WatchSummary(1, 1, 1));
        assertThat(watches.pathsOf(WatchKind.DATA, BOB)).containsExactly("/b", "/a");
    }
}
