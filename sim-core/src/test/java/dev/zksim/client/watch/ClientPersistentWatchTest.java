package dev.zksim.client.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import java.util.List;
import org.junit.jupiter.api.Test;

/** addWatch on the client (reference 3.3 and 3.7). */
class ClientPersistentWatchTest {

    private final Watcher persistent = event -> {};
    private final Watcher recursive = event -> {};
    private final Watcher oneShot = event -> {};
    private final ClientWatchManager manager = new ClientWatchManager(null);

    private static WatchedEvent node(EventType type, String path) {
        return WatchedEvent.node(type, path, 10);
    }

    @Test
    void addWatchRegistersForOkAndNoNodeOnly() {
        assertThat(manager.register(new WatchRegistration.AddPersistentWatch("/a", persistent), Code.NONODE))
            .contains(ClientWatchKind.PERSISTENT);
        assertThat(manager.register(new WatchRegistration.AddRecursiveWatch("/b", recursive), Code.OK))
            .contains(ClientWatchKind.PERSISTENT_RECURSIVE);
        assertThat(manager.register(new WatchRegistration.AddRecursiveWatch("/c", recursive), Code.CONNECTIONLOSS))
            .isEmpty();
    }

    @Test
    void persistentWatcherStaysAfterEveryKindOfEventOnItsPath() {
        manager.register(new WatchRegistration.AddPersistentWatch("/a", persistent), Code.OK);

        for (EventType type : List.of(EventType.NodeCreated, EventType.NodeDataChanged,
                EventType.NodeChildrenChanged, EventType.NodeDeleted, EventType.NodeCreated)) {
            assertThat(manager.materialize(node(type, "/a"))).as(type.name()).containsExactly(persistent);
        }
        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/a/b"))).isEmpty();
    }

    @Test
    void recursiveWatcherSeesDescendantsButIsFilteredFromChildrenEvents() {
        manager.register(new WatchRegistration.AddRecursiveWatch("/a", recursive), Code.OK);

        assertThat(manager.materialize(node(EventType.NodeCreated, "/a/b/c"))).containsExactly(recursive);
        assertThat(manager.materialize(node(EventType.NodeDeleted, "/a"))).containsExactly(recursive);
        assertThat(manager.materialize(node(EventType.NodeChildrenChanged, "/a"))).isEmpty();
        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/ab"))).isEmpty();
    }

    @Test
    void oneWatcherHeldAsStandardPersistentAndRecursiveIsCalledOnceAndOnlyTheStandardIsConsumed() {
        Watcher all = event -> {};
        manager.register(new WatchRegistration.GetData("/a/b", all), Code.OK);
        manager.register(new WatchRegistration.AddPersistentWatch("/a/b", all), Code.OK);
        manager.register(new WatchRegistration.AddRecursiveWatch("/", all), Code.OK);
        manager.register(new WatchRegistration.GetData("/a/b", oneShot), Code.OK);

        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/a/b"))).containsExactly(all, oneShot);
        assertThat(manager.watchers(ClientWatchKind.DATA, "/a/b")).isEmpty();
        assertThat(manager.materialize(node(EventType.NodeDataChanged, "/a/b"))).containsExactly(all);
    }

    @Test
    void sessionEventsReachPersistentWatchersAndReconnectListsThem() {
        manager.register(new WatchRegistration.AddPersistentWatch("/p", persistent), Code.OK);
        manager.register(new WatchRegistration.AddRecursiveWatch("/r", recursive), Code.OK);

        assertThat(manager.materialize(WatchedEvent.session(KeeperState.SyncConnected)))
            .containsExactly(persistent, recursive);
        WatchPaths paths = manager.pathsForReconnect();
        assertThat(paths.persistentPaths()).containsExactly("/p");
        assertThat(paths.recursivePaths()).containsExactly("/r");
        assertThat(paths.needsSetWatches2()).isTrue();
        assertThat(new WatchPaths(List.of("/a"), List.of(), List.of()).needsSetWatches2()).isFalse();
    }

    @Test
    void ancestorsOrSelfWalksUpToTheRoot() {
        assertThat(ClientWatchManager.ancestorsOrSelf("/a/b")).containsExactly("/a/b", "/a", "/");
        assertThat(ClientWatchManager.ancestorsOrSelf("/")).containsExactly("/");
    }
}
