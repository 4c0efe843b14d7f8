package dev.zksim.official.testkit;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.client.SimZooKeeper;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.trace.TraceEvent;
import dev.zksim.official.OfficialClients;
import dev.zksim.official.SimulatedZooKeeper;
import dev.zksim.official.threads.SimulatedThreads;
import dev.zksim.testkit.TestClient;
import dev.zksim.workload.SessionClient;
import java.util.concurrent.CountDownLatch;
import org.apache.zookeeper.ZooKeeper;

/**
 * The {@link OfficialClient} behind one recipe instance: its simulated threads, and a drop-in
 * handle per session of the testkit's client. The threads' events are the client process's
 * timers, so a crash of the process stops them for good, as it stops a real process; when
 * the run is over they are interrupted and run out, so that none outlives it.
 */
@SuppressForbidden("starts and interrupts simulated threads, which the simulation schedules")
final class SimulatedClient implements OfficialClient, SessionClient.SessionListener {
    private final SessionClient client;
    private final SimulatedThreads threads;
    private SimulatedZooKeeper current;
    private int generation;
    private boolean expired;
    private CountDownLatch renewed = new CountDownLatch(1);

    private SimulatedClient(SessionClient client) {
        this.client = client;
        this.threads = new SimulatedThreads(new ProcessHost(client), client.choices().stream("threads"));
    }

    /** The official side of a testkit client; the standard workloads' clients are the ones it knows. */
    static SimulatedClient of(TestClient client) {
        if (!(client instanceof SessionClient sessions)) {
            throw new IllegalArgumentException("the official-client testkit runs on the testkit's standard workloads,"
                    + " whose clients follow their sessions; got a " + client.getClass().getName());
        }
        SimulatedClient official = new SimulatedClient(sessions);
        sessions.listen(official);
        sessions.addWaiters(official.threads);
        sessions.whenRunEnds(official.threads::shutdown);
        return official;
    }

    /** Starts {@code body} as a simulated thread of this client. */
    Thread start(String name, Runnable body) {
        return threads.start(client.uniqueName() + "-" + name, body);
    }

    @Override
    public void opened(int session, ZooKeeperClient handle) {
        generation = session;
        expired = false;
        current = OfficialClients.wrap((SimZooKeeper) handle, client.uniqueName() + "s" + session, threads, null);
        renewed.countDown();
        renewed = new CountDownLatch(1);
    }

    @Override
    public void event(int session, WatchedEvent event) {
        if (session != generation) {
            return;
        }
        if (event.state() == dev.zksim.api.KeeperState.Expired) {
            expired = true;
        }
        OfficialClients.deliverDefault(current, event);
    }

    /** Opens a new session in the client's process and makes it current (Curator gave the last one up). */
    void renew() {
        client.renew();
    }

    @Override
    public String id() {
        return client.id();
    }

    @Override
    public String uniqueName() {
        return client.uniqueName();
    }

    @Override
    public ZooKeeper zk() {
        while (expired && SimulatedThreads.onSimulatedThread()) {
            try {
                renewed.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return current;
    }

    @Override
    public long currentTimeMillis() {
        return client.now() / 1000;
    }

    @Override
    public void sleep(long millis) throws InterruptedException {
        SimulatedThreads.sleep(millis * 1000);
    }

    /** The client process as the threads' host: its clock and its timers. */
    private record ProcessHost(SessionClient client) implements SimulatedThreads.Host {
        @Override
        public long now() {
            return client.now();
        }

        @Override
        public void schedule(long delayMicros, Runnable action) {
            client.schedule(delayMicros, action);
        }

        @Override
        public void trace(TraceEvent event) {
            // The steps are not traced here: the choices that order them are recorded with the
            // run's other choices, and what the threads do shows in the messages and the history.
            // A wait that a fault ended is traced: nothing else would show why it returned.
            if (!(event instanceof SimulatedThreads.ThreadStep)) {
                client.trace(event);
            }
        }
    }
}
