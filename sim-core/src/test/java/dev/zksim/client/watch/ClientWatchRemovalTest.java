package dev.zksim.client.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Watcher;
import dev.zksim.api.WatcherType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** removeWatches and removeAllWatches on the client's tables (ZKWatchManager.removeWatcher). */
class ClientWatchRemovalTest {

    private final Watcher first = event -> {};
    private final Watcher second = event -> {};
    private final ClientWatchManager manager = new ClientWatchManager(null);

    @Test
    void aWatcherTheClientDoesNotHoldIsNoWatcherWhateverTheServerSaid() {
        manager.register(new WatchRegistration.GetData("/a", first), Code.OK);

        assertThat(manager.remove("/a", second, WatcherType.Data, false, Code.OK).code()).isEqualTo(Code.NOWATCHER);
        assertThat(manager.remove("/a", first, WatcherType.Children, true, Code.OK).code()).isEqualTo(Code.NOWATCHER);
        assertThat(manager.remove("/b", null, WatcherType.Any, true, Code.CONNECTIONLOSS).code())
            .isEqualTo(Code.NOWATCHER);
        assertThat(manager.watchers(ClientWatchKind.DATA, "/a")).containsExactly(first);
    }

    @Test
    void removingOneWatcherLeavesTheOthersOnThePath() {
        manager.register(new WatchRegistration.GetData("/a", first), Code.OK);
        manager.register(new WatchRegistration.GetData("/a", second), Code.OK);

        WatchRemoval removal = manager.remove("/a", first, WatcherType.Data, false, Code.OK);

        assertThat(removal.code()).isEqualTo(Code.OK);
        assertThat(removal.removed()).containsOnlyKeys(EventType.DataWatchRemoved);
        assertThat(removal.removed().get(EventType.DataWatchRemoved)).containsExactly(first);
        assertThat(manager.watchers(ClientWatchKind.DATA, "/a")).containsExactly(second);
    }

    @Test
    void dataCoversExistsWatchesAndTellsAWatcherHeldInBothOnce() {
        manager.register(new WatchRegistration.Exists("/a", first), Code.NONODE);
        manager.register(new WatchRegistration.GetData("/a", first), Code.OK);

        WatchRemoval removal = manager.remove("/a", null, WatcherType.Data, false, Code.OK);

        assertThat(removal.removed().get(EventType.DataWatchRemoved)).containsExactly(first);
        assertThat(manager.isEmpty()).isTrue();
    }

    @Test
    void aFailedRequestRemovesNothingUnlessLocal() {
        manager.register(new WatchRegistration.GetChildren("/a", first), Code.OK);

        WatchRemoval kept = manager.remove("/a", first, WatcherType.Children, false, Code.CONNECTIONLOSS);
        assertThat(kept.code()).isEqualTo(Code.CONNECTIONLOSS);
        assertThat(kept.removed()).isEmpty();
        assertThat(manager.watchers(ClientWatchKind.CHILD, "/a")).containsExactly(first);

        WatchRemoval local = manager.remove("/a", first, WatcherType.Children, true, Code.NOWATCHER);
        assertThat(local.code()).isEqualTo(Code.OK);
        assertThat(local.removed().get(EventType.ChildWatchRemoved)).containsExactly(first);
        assertThat(manager.isEmpty()).isTrue();
    }

    @Test
    void anyRemovesEveryTableAndGroupsTheWatchersByTheirEvent() {
        manager.register(new WatchRegistration.GetChildren("/a", first), Code.OK);
        manager.register(new WatchRegistration.GetData("/a", second), Code.OK);
        manager.register(new WatchRegistration.AddPersistentWatch("/a", first), Code.OK);
        manager.register(new WatchRegistration.AddRecursiveWatch("/a", second), Code.OK);
        manager.register(new WatchRegistration.GetData("/b", second), Code.OK);

        WatchRemoval removal = manager.remove("/a", null, WatcherType.Any, false, Code.OK);

        assertThat(removal.removed().keySet()).containsExactly(EventType.ChildWatchRemoved,
            EventType.DataWatchRemoved, EventType.PersistentWatchRemoved);
        assertThat(removal.removed().get(EventType.PersistentWatchRemoved)).containsExactly(first, second);
        assertThat(manager.watchers(ClientWatchKind.DATA, "/b")).containsExactly(second);
        assertThat(manager.pathsForReconnect().persistentPaths()).isEmpty();
    }

    @Test
    void persistentAndRecursiveAreRemovedOnlyByTheirOwnTypeOrAny() {
        manager.register(new WatchRegistration.AddPersistentWatch("/a", first), Code.OK);

        assertThat(manager.remove("/a", first, WatcherType.PersistentRecursive, false, Code.OK).code())
            .isEqualTo(Code.NOWATCHER);
        assertThat(manager.remove("/a", first, WatcherType.Data, false, Code.OK).code()).isEqualTo(Code.NOWATCHER);
        assertThat(manager.remove("/a", first, WatcherType.Persistent, false, Code.OK).removed())
            .containsEntry(EventType.PersistentWatchRemoved, List.of(first));
    }
}
