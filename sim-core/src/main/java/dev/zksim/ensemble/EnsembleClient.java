package dev.zksim.ensemble;

import dev.zksim.api.WatchedEvent;
import dev.zksim.client.ClientConfig;
import dev.zksim.client.ClientObserver;
import dev.zksim.client.ClientState;
import dev.zksim.client.SimZooKeeper;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.Node;
import dev.zksim.kernel.process.SimProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import dev.zksim.api.Watcher;

/**
 * A simulated client process of an ensemble and its current ZooKeeper handle. Each start of
 * the process (the first, and every restart after a crash) builds a new handle, and so a
 * new session, then hands it to the client's {@link ClientProgram}. A running program may
 * also build further handles itself ({@link ClientContext#newSession}), as applications do
 * after {@code Expired}; the newest handle is the client's current one, the one faults aim
 * at. Every handle the process ever built is remembered, so a session id can be traced back
 * to its client.
 */
public final class EnsembleClient {
    private final SimProcess process;
    private final Network network;
    private final List<String> servers;
    private final int sessionTimeoutMs;
    private final ClientProgram program;
    private final boolean selfChecks;
    private final ClientConfig clientConfig;
    private final AckedWrites acked;
    private final Ensemble ensemble;
    private SimZooKeeper handle;
    private final List<SimZooKeeper> handles = new ArrayList<>();
    /** Where the current incarnation's handles start in {@link #handles}: a crashed one's are dead objects that still say CONNECTED. */
    private int incarnationStart;
    /** What the program of the current start may use, null before the first start. */
    private ClientContext context;

    /** A client process of the ensemble; its node is built from this object at each start. */
    EnsembleClient(String id, Ensemble ensemble, ClientProgram program) {
        EnsembleConfig config = ensemble.config();
        this.process = new SimProcess(ensemble.simulation(), id, started -> node(), config.crashPolicy());
        this.network = ensemble.network();
        this.servers = ensemble.serverIds();
        this.sessionTimeoutMs = config.sessionTimeoutMs();
        this.program = program;
        this.selfChecks = config.selfChecks();
        this.clientConfig = config.fidelity().clientConfig();
        this.acked = ensemble.ackedWrites();
        this.ensemble = ensemble;
    }

    /** The process's behaviour: a fresh handle and program start at every (re)start. */
    Node node() {
        return () -> {
            incarnationStart = handles.size();
            SimZooKeeper first = newHandle(this::deliver);
            context = new ClientContext(process, this::newHandle);
            program.started(context, first);
        };
    }

    /** Builds a handle (a new session) in the running process and makes it the current one. */
    SimZooKeeper newHandle(Watcher defaultWatcher) {
        SimZooKeeper fresh = new SimZooKeeper(process, network, servers, sessionTimeoutMs, defaultWatcher, clientConfig);
        ClientObserver checks = selfChecks ? new ClientOrderCheck(process.simulation(), process.id(), acked)
                : ClientObserver.NONE;
        fresh.setObserver(new SessionEventTap(checks, (session, state) ->
                ensemble.sessionEventDelivered(process.id(), session, state)));
        handle = fresh;
        handles.add(fresh);
        return fresh;
    }

    private void deliver(WatchedEvent event) {
        program.process(event);
    }

    public String id() {
        return process.id();
    }

    public SimProcess process() {
        return process;
    }

    /** The handle of the current incarnation, or null before the first start. */
    public SimZooKeeper zk() {
        return handle;
    }

    /**
     * Ends every wait in {@code Object.wait} of the running program's threads, as a spurious
     * wake-up would; the number it ended, as {@link ClientContext#addWaiters} says (-1 for a
     * process that is not running).
     */
    int spuriousWakeup() {
        return context == null || !process.isUp() ? -1 : context.spuriousWakeup();
    }

    /** The current session id, 0 if the handle has none (yet). */
    public long sessionId() {
        return handle == null ? 0 : handle.sessionId();
    }

    /**
     * Whether this client will only ping from here on, as far as its handles tell: its process
     * is not running, or holds nothing back and every handle it built is closed or connected
     * with nothing outstanding (the handles of this incarnation: a crashed one's are gone, and
     * their sessions left to expire). The sessions of its connected handles go into {@code alive}.
     * What its program may still do on its own is pending in the simulation, not seen here.
     */
    boolean settles(Set<Long> alive) {
        if (process.state() != SimProcess.State.RUNNING) {
            return process.state() != SimProcess.State.PAUSED;
        }
        if (!process.holdsNothing()) {
            return false;
        }
        for (SimZooKeeper built : handles.subList(incarnationStart, handles.size())) {
            if (built.isConnectedAndIdle()) {
                alive.add(built.sessionId());
            } else if (built.state() != ClientState.CLOSED) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether any handle this process ever built, in any incarnation, holds (or held) the
     * session: how a closed session is traced back to its client.
     */
    public boolean owns(long sessionId) {
        if (sessionId == 0) {
            return false;
        }
        for (SimZooKeeper built : handles) {
            if (built.sessionId() == sessionId) {
                return true;
            }
        }
        return false;
    }
}
