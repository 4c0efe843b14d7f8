package dev.zksim.official;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.client.SimZooKeeper;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.official.threads.SimulatedThreads;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/**
 * Runs blocking code written for the official client in a simulated client process: at
 * each start of the process a fresh drop-in handle is made and {@link Body#run} runs as a
 * simulated thread. A restart after a crash interrupts the previous incarnation's thread,
 * as a real crash would end it. The body may make more handles (new sessions, e.g. after
 * {@code Expired}) and start more simulated threads through its {@link Session}.
 */
@SuppressForbidden("holds the simulated threads it starts, to interrupt them when the process crashes")
public final class OfficialClientProgram implements ClientProgram {

    /** The user's code: blocking, written against {@code org.apache.zookeeper.ZooKeeper}. */
    @FunctionalInterface
    public interface Body {
        void run(Session session) throws Exception;
    }

    /** What the body may use besides the official API: handles, virtual time, threads, choices. */
    @SuppressForbidden("starts simulated threads, which the simulation schedules")
    public interface Session {
        /** This client process's id. */
        String id();

        /** The handle made at this start of the process; {@code register} sets its default watcher. */
        ZooKeeper zk();

        /** A new handle and so a new session, like {@code new ZooKeeper(connect, timeout, watcher)}. */
        ZooKeeper newHandle(Watcher watcher);

        /** Virtual time in milliseconds. */
        long currentTimeMillis();

        /** Sleeps in virtual time (the simulated replacement of {@code Thread.sleep}). */
        void sleep(long millis) throws InterruptedException;

        /** Starts another simulated thread. */
        Thread startThread(String name, Runnable body);

        /** This client's own choice stream, for think times and the like. */
        Choices choices();
    }

    private final OfficialEnsemble owner;
    private final Body body;
    private SimulatedZooKeeper current;
    private Thread bodyThread;

    OfficialClientProgram(OfficialEnsemble owner, Body body) {
        this.owner = owner;
        this.body = body;
    }

    @Override
    public void started(ClientContext context, ZooKeeperClient zk) {
        if (bodyThread != null) {
            bodyThread.interrupt();
            current.retire();
        }
        SimulatedThreads threads = owner.threads();
        current = OfficialClients.wrap((SimZooKeeper) zk, context.id(), threads, null);
        Session session = new ProgramSession(context, current);
        bodyThread = threads.start(context.id(), () -> runBody(session));
    }

    private void runBody(Session session) {
        try {
            body.run(session);
        } catch (InterruptedException e) {
            // The process crashed or the run is shutting down: the thread ends, as it would.
        } catch (KeeperException e) {
            throw new IllegalStateException("client " + session.id() + " failed: " + e, e);
        } catch (Exception e) {
            throw new IllegalStateException("client " + session.id() + " threw " + e, e);
        }
    }

    @Override
    public void process(WatchedEvent event) {
        if (current != null) {
            OfficialClients.deliverDefault(current, event);
        }
    }

    @SuppressForbidden("starts simulated threads, which the simulation schedules")
    private final class ProgramSession implements Session {
        private final ClientContext context;
        private final SimulatedZooKeeper zk;

        ProgramSession(ClientContext context, SimulatedZooKeeper zk) {
            this.context = context;
            this.zk = zk;
        }

        @Override
        public String id() {
            return context.id();
        }

        @Override
        public ZooKeeper zk() {
            return zk;
        }

        @Override
        public ZooKeeper newHandle(Watcher watcher) {
            EnsembleClient client = owner.ensemble().client(context.id());
            return OfficialClients.open(client.process(), owner.ensemble().network(), owner.ensemble().serverIds(),
                    owner.ensemble().config().sessionTimeoutMs(), owner.threads(), watcher);
        }

        @Override
        public long currentTimeMillis() {
            return context.now() / 1000;
        }

        @Override
        public void sleep(long millis) throws InterruptedException {
            SimulatedThreads.sleep(millis * 1000);
        }

        @Override
        public Thread startThread(String name, Runnable runnable) {
            return owner.threads().start(context.id() + "-" + name, runnable);
        }

        @Override
        public Choices choices() {
            return context.choices();
        }
    }
}
