package dev.zksim.client.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClientWatchManagerTest {

    /** A Watcher with a name, so failures read well; equality stays object identity. */
    private record Named(String name) implements Watcher {
        @Override
        public void process(WatchedEvent event) {}

        @Override
        public boolean equals(Object other) {
            return this == other;
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }
    }

    private final Watcher defaultWatcher = new Named("default");
    private final Watcher alice = new Named("alice");
    private final Watcher bob = new Named("bob");
    private final ClientWatchManager manager = new ClientWatchManager(defaultWatcher);

    private static WatchedEvent node(EventType type, String path) {
        return WatchedEvent.node(type, path, 10);
    }

    @Test
    void existsRegistersInTheDataTableWhenTheNodeExistsAndInTheExistTableWhenNot() {
        assertThat(manager.register(new WatchRegistration.Exists("/a", alice), Code.OK)).contains(ClientWatchKind.DATA);
        assertThat(manager.register(new WatchRegistration.Exists("/b", alice), Code.NONODE)).contains(ClientWatchKind.EXIST);

        assertThat(manager.watchers(ClientWatchKind.DATA, "/a")).containsExactly(alice);
        assertThat(manager.watchers(ClientWatchKind.EXIST, "/b")).containsExactly(alice);
    }

    @Test
    void getDataAndGetChildrenRegisterOnlyWhenTheReplyIsOk() {
        assertThat(manager.register(new WatchRegistration.GetData("/a", alice), Code.NONODE)).isEmpty();
        assertThat(manager.register(new WatchRegistration.GetChildren("/a", alice), Code.NONODE)).isEmpty();
        assertThat(manager.register(new WatchRegistration.Exists("/a", alice), Code.CONNECTIONLOSS)).isEmpty();
        assertThat(manager.register(new WatchRegistration.GetData("/a", alice), Code.NOAUTH)).isEmpty();
        assertThat(manager.isEmpty()).isTrue();

        assertThat(manager.register(new WatchRegistration.GetData("/a", alice), Code.OK)).contains(ClientWatchKind.DATA);
        assertThat(manager.register(new WatchRegistration.GetChildren("/a", bob), Code.OK)).contains(ClientWatchKind.CHILD);
        assertThat(manager.watchers(ClientWatchKind.CHILD, "/a")).containsExactly(bob);
    }

    @Test
    void theSameWatcherSetByExistsAndGetDataIsCalledOnce() {
        manager.register(new WatchRegistration.Exists("/a", alice), Code.OK);
        manager.register(new WatchRegistration.GetData("/a", alice), Code.OK);
        manager.register(new WatchRegistration.Exists("/a", bob), Code.OK);

        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/a"))).containsExactly(alice, bob);
        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/a"))).isEmpty();
    }

    @Test
    void nodeCreatedReachesExistAndDataWatchersOnce() {
        manager.register(new WatchRegistration.Exists("/a", alice), Code.NONODE);
        manager.register(new WatchRegistration.Exists("/a", bob), Code.NONODE);
        manager.register(new WatchRegistration.Exists("/a", alice), Code.OK);

        assertThat(manager.materialize(node(EventType.NodeCreated, "/a"))).containsExactly(alice, bob);
        assertThat(manager.isEmpty()).isTrue();
    }

    @Test
    void deleteCallsAWatcherOnceEvenWhenItWatchedDataAndChildren() {
        manager.register(new WatchRegistration.GetData("/a", alice), Code.OK);
        manager.register(new WatchRegistration.GetChildren("/a", alice), Code.OK);
        manager.register(new WatchRegistration.GetChildren("/a", bob), Code.OK);

        assertThat(manager.materialize(node(EventType.NodeDeleted, "/a"))).containsExactly(alice, bob);
        assertThat(manager.isEmpty()).isTrue();
    }

    @Test
    void theWatchersOfAnEventAreACopyThatLaterRegistrationsDoNotChange() {
        manager.register(new WatchRegistration.AddPersistentWatch("/a", alice), Code.OK);

        List<Watcher> told = manager.materialize(node(EventType.NodeDataChanged, "/a"));
        // A persistent entry stays in its table: a Watcher added to it while the event is
        // delivered hears the next event, not this one.
        manager.register(new WatchRegistration.AddPersistentWatch("/a", bob), Code.OK);

        assertThat(told).containsExactly(alice);
        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/a"))).containsExactly(alice, bob);
    }

    @Test
    void aRecursiveWatchOnAnAncestorJoinsTheWatchersOfTheNodeOnce() {
        manager.register(new WatchRegistration.GetData("/a/b", alice), Code.OK);
        manager.register(new WatchRegistration.AddRecursiveWatch("/a", alice), Code.OK);
        manager.register(new WatchRegistration.AddRecursiveWatch("/", bob), Code.OK);

        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/a/b"))).containsExactly(alice, bob);
        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/a/b"))).containsExactly(alice, bob);
    }

    @Test
    void dataChangeLeavesTheChildWatchArmed() {
        manager.register(new WatchRegistration.GetData("/a", alice), Code.OK);
        manager.register(new WatchRegistration.GetChildren("/a", alice), Code.OK);

        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/a"))).containsExactly(alice);
        assertThat(manager.watchers(ClientWatchKind.CHILD, "/a")).containsExactly(alice);
        assertThat(manager.materialize(node(EventType.NodeChildrenChanged, "/a"))).containsExactly(alice);
        assertThat(manager.isEmpty()).isTrue();
    }

    @Test
    void childrenChangedReachesOnlyChildWatchersOfThatPath() {
        manager.register(new WatchRegistration.GetData("/a", alice), Code.OK);
        manager.register(new WatchRegistration.GetChildren("/a/b", bob), Code.OK);

        assertThat(manager.materialize(node(EventType.NodeChildrenChanged, "/a"))).isEmpty();
        assertThat(manager.watchers(ClientWatchKind.DATA, "/a")).containsExactly(alice);
        assertThat(manager.watchers(ClientWatchKind.CHILD, "/a/b")).containsExactly(bob);
    }

    @Test
    void sessionEventsReachTheDefaultAndEveryRegisteredWatcherOnceWithoutConsuming() {
        manager.register(new WatchRegistration.GetData("/a", alice), Code.OK);
        manager.register(new WatchRegistration.GetChildren("/b", alice), Code.OK);
        manager.register(new WatchRegistration.Exists("/c", bob), Code.NONODE);
        manager.register(new WatchRegistration.Exists("/d", defaultWatcher), Code.OK);

        assertThat(manager.materialize(WatchedEvent.session(KeeperState.SyncConnected)))
            .containsExactly(defaultWatcher, alice, bob);
        assertThat(manager.materialize(WatchedEvent.session(KeeperState.Disconnected)))
            .containsExactly(defaultWatcher, alice, bob);
        assertThat(manager.pathsForReconnect())
            .isEqualTo(new WatchPaths(List.of("/a", "/d"), List.of("/c"), List.of("/b")));
    }

    @Test
    void aHandleWithoutDefaultWatcherStillTellsRegisteredWatchers() {
        ClientWatchManager noDefault = new ClientWatchManager(null);
        noDefault.register(new WatchRegistration.GetData("/a", alice), Code.OK);

        assertThat(noDefault.defaultWatcher()).isEqualTo(Optional.empty());
        assertThat(noDefault.materialize(WatchedEvent.session(KeeperState.SyncConnected))).containsExactly(alice);
    }

    @Test
    void aRepeatedStateEventIsDropped() {
        assertThat(manager.materialize(WatchedEvent.session(KeeperState.SyncConnected))).containsExactly(defaultWatcher);
        assertThat(manager.materialize(WatchedEvent.session(KeeperState.Disconnected))).containsExactly(defaultWatcher);
        assertThat(manager.materialize(WatchedEvent.session(KeeperState.Disconnected))).isEmpty();
        assertThat(manager.materialize(WatchedEvent.session(KeeperState.SyncConnected))).containsExactly(defaultWatcher);
        assertThat(manager.lastDeliveredState()).isEqualTo(KeeperState.SyncConnected);
    }

    @Test
    void theFilterStartsFromDisconnected() {
        assertThat(manager.materialize(WatchedEvent.session(KeeperState.Disconnected))).isEmpty();
    }

    @Test
    void nodeEventsAreNeverFilteredButRecordSyncConnected() {
        manager.register(new WatchRegistration.GetData("/a", alice), Code.OK);
        manager.register(new WatchRegistration.GetData("/b", alice), Code.OK);

        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/a"))).containsExactly(alice);
        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/b"))).containsExactly(alice);
        assertThat(manager.lastDeliveredState()).isEqualTo(KeeperState.SyncConnected);
        assertThat(manager.materialize(WatchedEvent.session(KeeperState.SyncConnected))).isEmpty();
    }

    @Test
    void reconnectPathsAreSortedPerTable() {
        manager.register(new WatchRegistration.GetData("/z", alice), Code.OK);
        manager.register(new WatchRegistration.GetData("/m", bob), Code.OK);
        manager.register(new WatchRegistration.Exists("/y", alice), Code.NONODE);
        manager.register(new WatchRegistration.Exists("/x", alice), Code.NONODE);

        WatchPaths paths = manager.pathsForReconnect();

        assertThat(paths.dataPaths()).containsExactly("/m", "/z");
        assertThat(paths.existPaths()).containsExactly("/x", "/y");
        assertThat(paths.childPaths()).isEmpty();
        assertThat(paths.isEmpty()).isFalse();
        assertThat(new ClientWatchManager(null).pathsForReconnect().isEmpty()).isTrue();
    }

    @Test
    void watchRemovalEventsAreRejected() {
        assertThatThrownBy(() -> manager.materialize(node(EventType.DataWatchRemoved, "/a")))
            .isInstanceOf(IllegalArgumentException.class);
    }
}
