package dev.zksim.recipes.config;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.Stages;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A reader of the configuration under node {@code c} that only ever reports complete
 * configurations (paper, section 2.4). A round:
 * <ol>
 * <li>{@code exists(c/ready, watch)}; if it is missing, wait for the watch (NodeCreated);</li>
 * <li>list {@code c} and read every entry, all requests sent at once;</li>
 * <li>if the ready watch fired before the last reply, discard everything and start a new
 * round; otherwise report the configuration (if it is new) to the listener.</li>
 * </ol>
 * The watch stays armed after a good round, so the writer's next delete of ready starts the
 * next round. Only one round runs at a time; an event during a round asks for another. The
 * listener hears configurations in version order and never a partial one. Session expiry
 * ends the reader (the caller starts a new one on a new session). Nothing here blocks.
 */
public final class ConfigReader {
    private final ZooKeeperClient zk;
    private final String path;
    private final Consumer<Config> listener;
    private final Watcher readyWatcher = this::onReadyEvent;
    private long generation;
    private long lastReported = Long.MIN_VALUE;
    private boolean running;
    private boolean again;
    private boolean stopped;
    private Config current;

    public ConfigReader(ZooKeeperClient zk, String path, Consumer<Config> listener) {
        this.zk = zk;
        this.path = path;
        this.listener = listener;
    }

    /** Starts reading; the listener hears the first complete configuration and every later one. */
    public void start() {
        round();
    }

    /** Stops reporting; watches already set fire into nothing. */
    public void stop() {
        stopped = true;
    }

    /** The last complete configuration reported, or null before the first. */
    public Config current() {
        return current;
    }

    private void onReadyEvent(WatchedEvent event) {
        if (event.type() != EventType.None) {
            generation++;
            round();
        } else if (event.state() == KeeperState.Expired || event.state() == KeeperState.Closed) {
            stopped = true;
        }
    }

    private void round() {
        if (stopped) {
            return;
        }
        if (running) {
            again = true;
            return;
        }
        running = true;
        long start = generation;
        zk.exists(readyPath(), readyWatcher).whenComplete((ready, error) -> {
            if (error != null) {
                endRound(Stages.isRecoverable(error));
                return;
            }
            switch (ConfigDecision.onReady(ready)) {
                case ConfigDecision.OnReady.WaitForReady wait -> endRound(false);
                case ConfigDecision.OnReady.ReadAll read -> readAll(start, read.version());
            }
        });
    }

    private void readAll(long start, long version) {
        zk.getChildren(path, false).whenComplete((children, error) -> {
            if (error != null) {
                endRound(Stages.isRecoverable(error));
                return;
            }
            List<String> keys = children.stream().filter(key -> !key.equals(ConfigDecision.READY)).sorted().toList();
            List<CompletableFuture<byte[]>> reads = new ArrayList<>();
            for (String key : keys) {
                reads.add(zk.getData(path + "/" + key, false).thenApply(read -> read.data()).toCompletableFuture());
            }
            CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).whenComplete((ok, failure) -> {
                if (failure != null) {
                    // A vanished entry or a lost connection: this round proves nothing.
                    endRound(!stopped);
                    return;
                }
                SortedMap<String, byte[]> entries = new TreeMap<>();
                for (int i = 0; i < keys.size(); i++) {
                    entries.put(keys.get(i), reads.get(i).join());
                }
                decide(start, version, entries);
            });
        });
    }

    private void decide(long start, long version, SortedMap<String, byte[]> entries) {
        switch (ConfigDecision.afterRead(start, generation, version, lastReported)) {
            case ConfigDecision.AfterRead.Use use -> {
                lastReported = use.version();
                current = new Config(use.version(), entries);
                endRound(false);
                if (!stopped) {
                    listener.accept(current);
                }
            }
            case ConfigDecision.AfterRead.Unchanged unchanged -> endRound(false);
            case ConfigDecision.AfterRead.Discard discard -> endRound(true);
        }
    }

    private void endRound(boolean retry) {
        running = false;
        if (retry || again) {
            again = false;
            round();
        }
    }

    private String readyPath() {
        return path + "/" + ConfigDecision.READY;
    }
}
