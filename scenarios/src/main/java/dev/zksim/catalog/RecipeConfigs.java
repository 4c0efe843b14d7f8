package dev.zksim.catalog;

import dev.zksim.recipes.config.Config;
import dev.zksim.recipes.config.ConfigReader;
import dev.zksim.recipes.config.ConfigWriter;
import dev.zksim.testkit.ConfigUnderTest;
import dev.zksim.testkit.TestClient;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;

/**
 * zksim's watched configuration ({@link ConfigWriter}, {@link ConfigReader}) as the testkit's
 * {@link ConfigUnderTest}, and a canary reader that does not follow a new session.
 */
public final class RecipeConfigs {
    private static final String PATH = "/config";

    private RecipeConfigs() {
    }

    /** zksim's configuration recipe. */
    public static ConfigUnderTest.Factory configs() {
        return (client, events) -> new Handle(client, events, false);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a reader that starts watching once and ignores later starts,
     * so after its session expires it keeps the configuration it had and never hears of a
     * newer one. Only a new session shows the bug.
     */
    public static ConfigUnderTest.Factory startOnceCanary() {
        return (client, events) -> new Handle(client, events, true);
    }

    /**
     * One client's handle. A reader is good for one session, so each start builds a new one.
     * A new session may be served by a follower that has not yet seen what the old one had
     * read, so configurations older than the one in use are not taken: readers never regress.
     */
    private static final class Handle implements ConfigUnderTest {
        private final TestClient client;
        private final Events events;
        private final boolean startOnce;
        private ConfigReader reader;
        private Config current;

        Handle(TestClient client, Events events, boolean startOnce) {
            this.client = client;
            this.events = events;
            this.startOnce = startOnce;
        }

        @Override
        public CompletionStage<Void> publish(SortedMap<String, String> entries) {
            Map<String, byte[]> bytes = new TreeMap<>();
            entries.forEach((key, value) -> bytes.put(key, value.getBytes(StandardCharsets.UTF_8)));
            return new ConfigWriter(client.zk(), PATH).publish(bytes);
        }

        @Override
        public void start() {
            if (reader != null) {
                if (startOnce) {
                    return;
                }
                reader.stop();
            }
            ConfigReader fresh = new ConfigReader(client.zk(), PATH, config -> taken(config));
            reader = fresh;
            fresh.start();
        }

        private void taken(Config config) {
            if (current == null || config.version() > current.version()) {
                current = config;
                events.changed(entries(config));
            }
        }

        @Override
        public Optional<SortedMap<String, String>> current() {
            return Optional.ofNullable(current).map(Handle::entries);
        }

        private static SortedMap<String, String> entries(Config config) {
            SortedMap<String, String> entries = new TreeMap<>();
            config.entries().keySet().forEach(key -> entries.put(key, config.text(key)));
            return entries;
        }
    }
}
