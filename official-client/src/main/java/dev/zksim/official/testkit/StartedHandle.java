package dev.zksim.official.testkit;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * A user's handle (a cache, a configuration reader) that the testkit builds and starts on a
 * simulated thread at the first {@link #start}, over the client's own CuratorFramework. A
 * start that fails closes that handle and is tried again with a new one a second later, as an
 * application retries its start-up (Curator's caches cannot be started twice). The handle
 * that started serves for the whole run, since it follows a new session itself: later starts
 * find it running.
 */
final class StartedHandle<T> {
    private final SimulatedClient client;
    private final CallChain calls;
    private final Callable<T> build;
    private final CuratorTestkit.Step<T> startOne;
    private final Consumer<T> close;
    private volatile T handle;

    StartedHandle(SimulatedClient client, CallChain calls, Callable<T> build, CuratorTestkit.Step<T> start,
            Consumer<T> close) {
        this.client = client;
        this.calls = calls;
        this.build = build;
        this.startOne = start;
        this.close = close;
    }

    /** Starts the handle on the calls' chain, unless one already started. */
    void start() {
        calls.then("start", () -> {
            if (handle == null) {
                handle = CuratorTestkit.startUntilItSucceeds(client,
                        () -> CuratorTestkit.startedOrClosed(build, startOne, close));
            }
            return null;
        });
    }

    /** The handle that started, or null before one has. */
    T get() {
        return handle;
    }
}
