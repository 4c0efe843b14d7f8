package dev.zksim.server.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.EventType;
import dev.zksim.api.WatcherType;
import org.junit.jupiter.api.Test;

/** checkWatches and removeWatches on the server (DataTree.containsWatcher and removeWatch). */
class ServerWatchRemovalTest {
    private final ServerWatchTable table = new ServerWatchTable();

    @Test
    void checkingFindsOnlyTheTypeAskedForAndRemovesNothing() {
        table.addDataWatch("/a", 1);

        assertThat(table.holdsWatch("/a", WatcherType.Data, 1)).isTrue();
        assertThat(table.holdsWatch("/a", WatcherType.Any, 1)).isTrue();
        assertThat(table.holdsWatch("/a", WatcherType.Children, 1)).isFalse();
        assertThat(table.holdsWatch("/a", WatcherType.Persistent, 1)).isFalse();
        assertThat(table.holdsWatch("/a", WatcherType.Data, 2)).isFalse();
        assertThat(table.trigger(EventType.NodeDataChanged, "/a", 5)).hasSize(1);
    }

    @Test
    void removingDropsTheConnectionsWatchesOfThatTypeOnly() {
        table.addDataWatch("/a", 1);
        table.addChildWatch("/a", 1);
        table.addDataWatch("/a", 2);

        assertThat(table.removeWatches("/a", WatcherType.Data, 1)).isTrue();
        assertThat(table.removeWatches("/a", WatcherType.Data, 1)).isFalse();
        assertThat(table.hasWatch(WatchKind.CHILD, "/a", 1)).isTrue();
        assertThat(table.trigger(EventType.NodeDataChanged, "/a", 5)).extracting(WatchDelivery::connectionId)
            .containsExactly(2L);
        assertThat(table.watchCount()).isEqualTo(1);
    }

    @Test
    void anyRemovesPersistentAndRecursiveWatchesToo() {
        table.addPersistentWatch("/a", 1);
        table.addRecursiveWatch("/a", 1);

        assertThat(table.removeWatches("/a", WatcherType.PersistentRecursive, 1)).isTrue();
        assertThat(table.hasWatch(WatchKind.PERSISTENT, "/a", 1)).isTrue();
        assertThat(table.removeWatches("/a", WatcherType.Any, 1)).isTrue();
        assertThat(table.watchCount()).isZero();
        assertThat(table.pathsOf(WatchKind.PERSISTENT, 1)).isEmpty();
    }
}
