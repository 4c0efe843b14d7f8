package dev.zksim.real;

import dev.zksim.api.KeeperException;
import dev.zksim.api.Watcher;
import dev.zksim.kernel.SuppressForbidden;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.zookeeper.ZooKeeper;

/**
 * The blocking facade for code that drives a real ZooKeeper from an ordinary thread
 * (tests, the command line). Waiting on a real cluster needs the wall clock and the
 * thread's interrupt flag, which simulation code may not touch, so every such wait of
 * this package lives here. Never call these from a completion or a watcher: those run on
 * ZooKeeper's event thread, and waiting there stops every later reply of the handle.
 */
public final class Blocking {
    private Blocking() {
    }

    /** A real-cluster wait that ran out of time. Unchecked: it means the setup is broken. */
    public static final class TimedOutException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TimedOutException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Waits for a stage and returns its value. A KeeperException is rethrown as is, so
     * callers switch on its code as with ZooKeeper's synchronous API; a runtime exception
     * or error is rethrown as is too; any other failure is wrapped in a
     * CompletionException.
     *
     * @throws TimedOutException if the stage has not completed within {@code timeout}
     */
    @SuppressForbidden("waits on a real ZooKeeper with a wall-clock timeout and restores the interrupt flag")
    public static <T> T await(CompletionStage<T> stage, Duration timeout) throws KeeperException {
        try {
            return stage.toCompletableFuture().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        } catch (TimeoutException e) {
            throw new TimedOutException("No answer from the real ZooKeeper within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("Interrupted while waiting for the real ZooKeeper");
        }
    }

    /**
     * Opens a handle and waits until it is connected. On a timeout the handle is closed
     * before the TimedOutException is thrown, so no client threads are left behind.
     */
    public static RealZooKeeperClient connect(String connectString, int sessionTimeoutMs,
                                              Watcher defaultWatcher, Duration timeout)
            throws KeeperException, IOException {
        RealZooKeeperClient client = RealZooKeeperClient.open(connectString, sessionTimeoutMs, defaultWatcher);
        try {
            await(client.connected(), timeout);
            return client;
        } catch (RuntimeException | KeeperException e) {
            client.close();
            throw e;
        }
    }

    /**
     * Closes an official client handle. ZooKeeper's close sends closeSession and waits for
     * the reply, or for the connection attempt to fail, on this thread; it has no
     * asynchronous form. An interrupt leaves the handle closing in the background and is
     * passed on through the thread's interrupt flag.
     */
    @SuppressForbidden("ZooKeeper's close blocks; an interrupt must be passed on through the thread's flag")
    static void closeHandle(ZooKeeper zk) {
        try {
            zk.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static KeeperException unwrap(Throwable cause) throws KeeperException {
        if (cause instanceof KeeperException keeper) {
            throw keeper;
        }
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        throw new CompletionException(cause);
    }
}
