package dev.zksim.recipes.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.server.CounterStart;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The canary of the data-version knob: a writer updates a node five times while a reader
 * that keeps the highest version follows it. Started at version 1000 the reader ends on the
 * last value; started three writes short of 2^31 - 1, the version wraps to -2^31 on the
 * fourth write and the reader stays on the third value for good.
 */
class VersionOverflowCanaryTest {
    private static final String PATH = "/cfg";

    @ParameterizedTest(name = "data version starts at {0}")
    @ValueSource(ints = {Integer.MAX_VALUE - 3, 1000})
    void pastTheWrapTheReaderKeepsAnOldValue(int start) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(5),
                EnsembleConfig.defaults(3).withCounterStarts(List.of(new CounterStart(PATH, 0, start))));
        ensemble.addClient((ctx, zk) -> { });
        ensemble.addClient((ctx, zk) -> { });
        ensemble.runFor(Time.seconds(10));
        NewestVersionReader reader = new NewestVersionReader(ensemble.client("c2").zk(), PATH);
        reader.start();
        ensemble.runFor(Time.seconds(1));
        ZooKeeperClient writer = ensemble.client("c1").zk();
        for (int i = 1; i <= 5; i++) {
            writer.setData(PATH, ("v" + i).getBytes(StandardCharsets.UTF_8), -1);
            ensemble.runFor(Time.seconds(1));
        }
        String served = new String(reader.value(), StandardCharsets.UTF_8);
        assertThat(served).isEqualTo(start == 1000 ? "v5" : "v3");
    }
}
