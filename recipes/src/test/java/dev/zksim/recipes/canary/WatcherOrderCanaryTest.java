package dev.zksim.recipes.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.ensemble.Fidelity;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The canary of the drawn watcher order: a writer changes a node twenty times; a cache
 * with two watchers on it announces each change. With watchers run in registration order
 * it announces exactly v1..v20; with the order drawn, as ZooKeeper's hash set allows, it
 * announces the previous value as the new one.
 */
class WatcherOrderCanaryTest {

    private static List<String> announcedValues(boolean drawn) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(12),
                EnsembleConfig.defaults(1).withFidelity(Fidelity.FAITHFUL.withDrawnOrders(drawn)));
        List<String> announced = new ArrayList<>();
        ensemble.addClient((ctx, zk) -> zk.create("/n", bytes("v0"), CreateMode.PERSISTENT));
        ensemble.runFor(Time.seconds(1));
        ensemble.addClient((ctx, zk) -> new TwoWatcherCache(zk, "/n",
                value -> announced.add(new String(value, StandardCharsets.UTF_8))).start());
        ensemble.runFor(Time.seconds(1));
        var writer = ensemble.client("c1").zk();
        for (int i = 1; i <= 20; i++) {
            writer.setData("/n", bytes("v" + i), -1);
            ensemble.runFor(Time.millis(300));
        }
        return announced;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "drawn watcher order: {0}")
    @ValueSource(booleans = {false, true})
    void onlyTheDrawnOrderMakesTheCacheAnnounceAStaleValue(boolean drawn) {
        List<String> announced = announcedValues(drawn);
        List<String> written = java.util.stream.IntStream.rangeClosed(1, 20).mapToObj(i -> "v" + i).toList();
        if (drawn) {
            assertThat(announced).as("a previous value announced as the new one").hasSize(20).isNotEqualTo(written);
            // The i-th announcement is for the write of v(i+1); a stale one carries v(i).
            assertThat(java.util.stream.IntStream.range(0, 20).filter(i -> announced.get(i).equals("v" + i)).count())
                    .isPositive();
        } else {
            assertThat(announced).isEqualTo(written);
        }
    }
}
