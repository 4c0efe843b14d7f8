package dev.zksim.official.testkit;

import dev.zksim.testkit.ConfigUnderTest;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;

/**
 * One client's {@link BlockingConfig} as the testkit's watched configuration, over the
 * client's own CuratorFramework. A writer's handle is built at its first publish and never
 * started; a reader's is built and started at the first {@link #start} as a
 * {@link StartedHandle}. Both run their calls on one chain, one after the other.
 */
final class CuratorConfig implements ConfigUnderTest {
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final CuratorTestkit.ConfigFactory factory;
    private final Events events;
    private final StartedHandle<BlockingConfig> reader;
    private BlockingConfig writer;

    CuratorConfig(SimulatedClient client, CuratorTestkit.ConfigFactory factory, Events events) {
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.factory = factory;
        this.events = events;
        this.reader = new StartedHandle<>(client, calls, () -> factory.create(curator.get(), events),
                BlockingConfig::start, BlockingConfig::close);
    }

    @Override
    public CompletionStage<Void> publish(SortedMap<String, String> entries) {
        return calls.then("publish", () -> {
            if (writer == null) {
                writer = factory.create(curator.get(), events);
            }
            writer.publish(entries);
            return null;
        });
    }

    @Override
    public void start() {
        reader.start();
    }

    @Override
    public Optional<SortedMap<String, String>> current() {
        BlockingConfig current = reader.get();
        return current == null ? Optional.empty() : current.current();
    }
}
