package dev.zksim.official.testkit;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zksim.testkit.ConfigUnderTest;
import java.io.IOException;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.shared.SharedValue;
import org.apache.curator.framework.recipes.shared.SharedValueListener;
import org.apache.curator.framework.recipes.shared.SharedValueReader;
import org.apache.curator.framework.state.ConnectionState;

/**
 * One client's handle on a configuration kept in a Curator {@code SharedValue}, as the
 * testkit's watched configuration. The configuration is a JSON object in the value's bytes;
 * the writer publishes with {@code setValue} (one writer, so it overwrites whatever is there),
 * readers hear changes from the value's listener and use {@code getValue}.
 *
 * <p>The value's seed, which Curator writes only if the node does not exist yet, is empty: it
 * stands for "nothing published", and a reader that holds it has no configuration. One
 * SharedValue serves the handle for the whole run, since Curator follows a new session itself
 * (it reads the value again on RECONNECTED) and keeps the value with the highest modification
 * zxid it has seen, so a reader never goes back. A start that fails (the connection stayed down
 * through Curator's retries) is tried again with a new SharedValue a second later, as an
 * application retries its start-up; Curator's SharedValue cannot be started twice.
 */
final class CuratorSharedConfig implements ConfigUnderTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<TreeMap<String, String>> ENTRIES = new TypeReference<>() {
    };
    private static final byte[] NOTHING_PUBLISHED = new byte[0];

    private final SimulatedClient client;
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final String path;
    private final Events events;
    private volatile SharedValue value;
    private boolean reading;

    CuratorSharedConfig(SimulatedClient client, String path, Events events) {
        this.client = client;
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.path = path;
        this.events = events;
    }

    @Override
    public CompletionStage<Void> publish(SortedMap<String, String> entries) {
        return calls.then("publish", () -> {
            started().setValue(JSON.writeValueAsBytes(entries));
            return null;
        });
    }

    /** The first start subscribes to changes; later starts find Curator already following the new session. */
    @Override
    public void start() {
        calls.then("start", () -> {
            if (!reading) {
                startReading();
            }
            return null;
        });
    }

    private void startReading() throws Exception {
        SharedValue started = CuratorTestkit.startUntilItSucceeds(client, this::started);
        reading = true;
        started.getListenable().addListener(new Listener());
        decode(started.getValue()).ifPresent(events::changed);
    }

    /** The handle's SharedValue, built and started on first use; a failed start leaves none behind. */
    private SharedValue started() throws Exception {
        if (value == null) {
            value = CuratorTestkit.startedOrClosed(() -> new SharedValue(curator.get(), path, NOTHING_PUBLISHED),
                    SharedValue::start, CuratorTestkit::closeQuietly);
        }
        return value;
    }

    @Override
    public Optional<SortedMap<String, String>> current() {
        SharedValue shared = value;
        return shared == null ? Optional.empty() : decode(shared.getValue());
    }

    /** The configuration in a value's bytes; none for the seed. */
    static Optional<SortedMap<String, String>> decode(byte[] bytes) {
        if (bytes.length == 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(bytes, ENTRIES));
        } catch (IOException e) {
            throw new IllegalStateException("the shared value holds no configuration: " + e.getMessage(), e);
        }
    }

    /** Reports every value Curator's listener is told of. */
    private final class Listener implements SharedValueListener {
        @Override
        public void valueHasChanged(SharedValueReader reader, byte[] newValue) {
            decode(newValue).ifPresent(events::changed);
        }

        @Override
        public void stateChanged(CuratorFramework framework, ConnectionState newState) {
            // Curator reads the value again after a reconnect and tells valueHasChanged.
        }
    }
}
