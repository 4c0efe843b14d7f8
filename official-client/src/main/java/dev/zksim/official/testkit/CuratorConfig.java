package dev.zksim.official.testkit;

import dev.zksim.testkit.ConfigUnderTest;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;

/**
 * One client's {@link BlockingConfig} as the testkit's watched configuration, over the
 * client's own CuratorFramework. The writer's handle is built at its first publish and never
 * started; a reader's is started at the first {@link #start}, and a start that fails is tried
 * again with a new handle a second later, as an application retries its start-up. One started
 * handle serves the reader for the whole run, since it follows a new session itself: later
 * starts find it running.
 */
final class CuratorConfig implements ConfigUnderTest {
    private final SimulatedClient client;
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final CuratorTestkit.ConfigFactory factory;
    private final Events events;
    private volatile BlockingConfig handle;
    private boolean reading;

    CuratorConfig(SimulatedClient client, CuratorTestkit.ConfigFactory factory, Events events) {
        this.client = client;
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.factory = factory;
        this.events = events;
    }

    @Override
    public CompletionStage<Void> publish(SortedMap<String, String> entries) {
        return calls.then("publish", () -> {
            if (handle == null) {
                handle = factory.create(curator.get(), events);
            }
            handle.publish(entries);
            return null;
        });
    }

    @Override
    public void start() {
        calls.then("start", () -> {
            if (!reading) {
                handle = CuratorTestkit.startUntilItSucceeds(client, this::started);
                reading = true;
            }
            return null;
        });
    }

    /** A new handle, started; a failed start leaves none behind. */
    private BlockingConfig started() throws Exception {
        return CuratorTestkit.startedOrClosed(() -> factory.create(curator.get(), events), BlockingConfig::start,
                BlockingConfig::close);
    }

    @Override
    public Optional<SortedMap<String, String>> current() {
        BlockingConfig current = handle;
        return current == null || !reading ? Optional.empty() : current.current();
    }
}
