package dev.zksim.testkit;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * What the testkit hands a user's recipe instance: one simulated client process with its
 * ZooKeeper handle and the means to wait. Everything runs on the simulation thread; a recipe
 * must not block, and uses {@link #schedule} instead of sleeping.
 *
 * <p>The handle returned by {@link #zk()} follows the client's current session. When the
 * session expires, the workload opens a new session in the same process and the same handle
 * (and so the same recipe object) goes on with it, as an application's long-lived client
 * object does. Until then every call fails with {@code SESSIONEXPIRED}, as ZooKeeper's do.
 */
public interface TestClient {

    /** The client process's id: c1, c2, ... */
    String id();

    /**
     * A name unique to this recipe instance among every instance of the run, across restarts
     * of the process (e.g. {@code c2i3}): what a real client would use a UUID for.
     */
    String uniqueName();

    /** The handle, following the current session. */
    ZooKeeperClient zk();

    /**
     * The connection state of the current session (CONNECTED, SUSPENDED, LOST) with listeners.
     * It goes from LOST back to SUSPENDED when a new session is opened, and to CONNECTED once
     * that session is established.
     */
    ConnectionStates connection();

    /** Simulated time in microseconds. */
    long now();

    /** Runs the action after the delay (microseconds) of simulated time, unless the process crashed. */
    void schedule(long delayMicros, Runnable action);

    /** This client's own stream of choices, for a recipe that needs randomness (backoff jitter). */
    Choices choices();
}
