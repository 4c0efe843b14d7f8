package dev.zksim.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A watcher that queues what ZooKeeper's event thread delivers, for a test thread to take. */
final class EventLog implements Watcher {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private final LinkedBlockingQueue<WatchedEvent> events = new LinkedBlockingQueue<>();

    @Override
    public void process(WatchedEvent event) {
        events.add(event);
    }

    /** The next event; fails the test if none arrives in time. */
    WatchedEvent next() throws InterruptedException {
        WatchedEvent event = events.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(event).as("an event within %s", WAIT).isNotNull();
        return event;
    }

    /** The next event in this state, skipping others (Disconnected before Expired, say). */
    WatchedEvent nextWithState(KeeperState state) throws InterruptedException {
        while (true) {
            WatchedEvent event = next();
            if (event.state() == state) {
                return event;
            }
        }
    }

    /** Asserts that nothing more arrives within a short quiet period. */
    void assertQuiet(Duration period) throws InterruptedException {
        WatchedEvent event = events.poll(period.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(event).as("no further event").isNull();
    }
}
