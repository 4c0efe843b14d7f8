package dev.zksim.recipes.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.ensemble.Fidelity;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.config.Config;
import dev.zksim.recipes.config.ConfigReader;
import dev.zksim.recipes.config.ConfigWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The canary of the client's reply limit: a configuration writer that sizes entries by what
 * the server accepts publishes an entry one byte too long to read back. With the limit (as
 * ZooKeeper's client has it) no reader ever loads the configuration; without it the reader
 * would, so only the limit exposes the writer. The correct writer refuses the entry.
 */
class ReplyLimitCanaryTest {
    private static final byte[] TOO_LONG_TO_READ = filled(ConfigWriter.MAX_READABLE_ENTRY + 1);

    private static byte[] filled(int size) {
        byte[] data = new byte[size];
        Arrays.fill(data, (byte) 'x');
        return data;
    }

    @ParameterizedTest(name = "reply limit enforced: {0}")
    @ValueSource(booleans = {true, false})
    void aReaderNeverLoadsAnEntryOverTheLimit(boolean limit) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(4),
                EnsembleConfig.defaults(1).withFidelity(Fidelity.FAITHFUL.withReplyLimit(limit)));
        CompletableFuture<Void> published = new CompletableFuture<>();
        ensemble.addClient((ctx, zk) -> ServerSizedConfig.writer(zk, "/config").publish(Map.of("big", TOO_LONG_TO_READ))
                .whenComplete((ok, error) -> published.complete(null)));
        ensemble.runFor(Time.seconds(5));
        assertThat(published).as("the server took the entry").isDone();
        List<Config> loaded = new ArrayList<>();
        ensemble.addClient((ctx, zk) -> new ConfigReader(zk, "/config", loaded::add).start());
        ensemble.runFor(Time.seconds(30));
        assertThat(loaded.isEmpty()).isEqualTo(limit);
    }

    @Test
    void theCorrectWriterRefusesAnEntryNoReaderCouldRead() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(4), EnsembleConfig.defaults(1));
        List<Throwable> refused = new ArrayList<>();
        ensemble.addClient((ctx, zk) -> {
            try {
                new ConfigWriter(zk, "/config").publish(Map.of("big", TOO_LONG_TO_READ));
            } catch (IllegalArgumentException e) {
                refused.add(e);
            }
        });
        ensemble.runFor(Time.seconds(1));
        assertThat(refused).singleElement().extracting(Throwable::getMessage).asString()
                .contains("readers cannot read more than " + ConfigWriter.MAX_READABLE_ENTRY);
    }
}
