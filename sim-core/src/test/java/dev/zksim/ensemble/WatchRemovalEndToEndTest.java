package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.WatcherType;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** removeWatches and removeAllWatches through the simulated client and server, end to end. */
class WatchRemovalEndToEndTest {
    private final Ensemble ensemble = Ensemble.start(new SeededChoices(1), EnsembleConfig.defaults(1));
    private final EnsembleClient client = ensemble.addClient((context, zk) -> { });
    private final List<String> heard = new ArrayList<>();
    private final Watcher first = event -> heard.add("first " + describe(event));
    private final Watcher second = event -> heard.add("second " + describe(event));

    private static String describe(WatchedEvent event) {
        return event.type() + " " + event.path() + (event.state() == KeeperState.SyncConnected ? "" : " " + event.state());
    }

    private ZooKeeperClient zk() {
        return client.zk();
    }

    private String outcome(CompletionStage<?> stage) {
        List<String> order = heard;
        stage.whenComplete((value, error) -> order.add(error == null ? "done OK"
                : "done " + ((KeeperException) (error.getCause() == null ? error : error.getCause())).code()));
        ensemble.runFor(Time.seconds(1));
        return heard.stream().filter(line -> line.startsWith("done ")).reduce((a, b) -> b).orElse("not done");
    }

    private void settle(CompletionStage<?> stage) {
        ensemble.runFor(Time.seconds(1));
        assertThat(stage.toCompletableFuture()).isCompleted();
    }

    @Test
    void removingOneWatcherTellsItBeforeTheCallCompletesAndTheOtherStillFires() {
        ensemble.runFor(Time.seconds(1));
        settle(zk().create("/a", null, CreateMode.PERSISTENT));
        settle(zk().getData("/a", first));
        settle(zk().getData("/a", second));

        assertThat(outcome(zk().removeWatches("/a", first, WatcherType.Data, false))).isEqualTo("done OK");
        settle(zk().setData("/a", null, -1));

        assertThat(heard).containsExactly("first DataWatchRemoved /a", "done OK", "second NodeDataChanged /a");
    }

    @Test
    void aPathWithoutSuchAWatchIsNoWatcherAndNothingIsTold() {
        ensemble.runFor(Time.seconds(1));
        settle(zk().exists("/a", first));

        assertThat(outcome(zk().removeWatches("/a", first, WatcherType.Children, false))).isEqualTo("done NOWATCHER");
        assertThat(outcome(zk().removeAllWatches("/b", WatcherType.Any, true))).isEqualTo("done NOWATCHER");
        assertThat(heard).containsExactly("done NOWATCHER", "done NOWATCHER");
    }

    @Test
    void removeAllWatchesAlsoDropsTheServersWatch() {
        ensemble.runFor(Time.seconds(1));
        settle(zk().addWatch("/p", first, true));

        assertThat(outcome(zk().removeAllWatches("/p", WatcherType.PersistentRecursive, false))).isEqualTo("done OK");
        assertThat(heard).containsExactly("first PersistentWatchRemoved /p", "done OK");
        // The server kept nothing, so a second removal that asks the server fails there,
        // and a local one after it removes nothing either: the client holds nothing.
        settle(zk().addWatch("/p", second, false));
        settle(zk().removeAllWatches("/p", WatcherType.Persistent, false));
        assertThat(outcome(zk().removeAllWatches("/p", WatcherType.Any, false))).isEqualTo("done NOWATCHER");
    }

    @Test
    void aLostReplyFailsARemovalUnlessItMayRemoveLocally() {
        ensemble.runFor(Time.seconds(1));
        settle(zk().getChildren("/", first));

        ensemble.faults().dropReply("c1", dev.zksim.client.RequestMatch.ANY);
        assertThat(outcome(zk().removeWatches("/", first, WatcherType.Children, false))).isEqualTo("done CONNECTIONLOSS");
        ensemble.runFor(Time.seconds(5));
        ensemble.faults().dropReply("c1", dev.zksim.client.RequestMatch.ANY);
        assertThat(outcome(zk().removeWatches("/", first, WatcherType.Children, true))).isEqualTo("done OK");

        assertThat(heard).containsSubsequence("done CONNECTIONLOSS", "first ChildWatchRemoved / Disconnected",
            "done OK");
        assertThat(client.zk().watchManager().isEmpty()).isTrue();
    }

    @Test
    void aServerWatchLeftByCheckWatchesFiresToNobodyOnTheClient() {
        ensemble.runFor(Time.seconds(1));
        settle(zk().exists("/n", first));
        settle(zk().removeWatches("/n", first, WatcherType.Data, false));
        settle(zk().create("/n", null, CreateMode.PERSISTENT));

        assertThat(heard).containsExactly("first DataWatchRemoved /n");
    }

    @Test
    void aNullWatcherIsRefusedBeforeAnythingIsSent() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> zk().removeWatches("/a", null, WatcherType.Any, false))
            .isInstanceOf(IllegalArgumentException.class);
        assertThat(EventType.fromInt(5)).isEqualTo(EventType.DataWatchRemoved);
    }
}
