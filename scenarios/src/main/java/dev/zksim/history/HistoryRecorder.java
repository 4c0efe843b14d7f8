package dev.zksim.history;

import dev.zksim.api.KeeperState;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.trace.EventKey;
import dev.zksim.kernel.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;

/**
 * How workloads write the history. A workload calls {@link #invoke} when it asks a recipe for
 * something and completes the returned {@link Invocation} when the answer arrives; it calls
 * {@link #notify} for things it is told unasked (SUSPENDED, LOST, ELECTED by callback). Each
 * op is stamped with the simulation clock and, when a trace is attached, emitted into it so
 * the history feeds the run's digest.
 */
public final class HistoryRecorder {
    /** Every op is counted when nothing reads its record: by key. */
    private static final EventKey HISTORY_EVENT = EventKey.of(HistoryEvent.class);

    private final LongSupplier clock;
    private final Trace trace;
    private final ToLongFunction<String> sessions;
    private final History history = new History();
    private final List<Runnable> atRunEnd = new ArrayList<>();

    /** A recorder that keeps the history only, for unit tests and real-cluster runs. */
    public HistoryRecorder(LongSupplier clock) {
        this(clock, null);
    }

    /** A recorder that also emits every op into the trace; the trace may be null. */
    public HistoryRecorder(LongSupplier clock, Trace trace) {
        this(clock, trace, process -> 0);
    }

    /**
     * A recorder that also stamps every op with the session its process has at that moment.
     *
     * @param sessions the current session id of a process, 0 if it has none
     */
    public HistoryRecorder(LongSupplier clock, Trace trace, ToLongFunction<String> sessions) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.trace = trace;
        this.sessions = Objects.requireNonNull(sessions, "sessions");
    }

    /** A recorder reading the simulation's clock and writing into its trace. */
    public static HistoryRecorder attachedTo(Simulation simulation) {
        return new HistoryRecorder(simulation::now, simulation.trace());
    }

    /**
     * A recorder for an ensemble's clients: it reads the simulation's clock, writes into its
     * trace, stamps each op with the client's current session, and records SESSION_CLOSED for
     * a client the instant one of its sessions' closeSession commits. That instant, not the moment a
     * fault asked for the expiry nor the moment the client hears of it, is when ZooKeeper
     * may hand what the session held to someone else; a session whose expiry never commits
     * (asked of a leader cut off from its quorum) is not lost at all.
     */
    public static HistoryRecorder attachedTo(Ensemble ensemble) {
        HistoryRecorder recorder = new HistoryRecorder(ensemble.simulation()::now, ensemble.simulation().trace(),
                process -> ensemble.findClient(process).map(EnsembleClient::sessionId).orElse(0L));
        ensemble.onSessionClosed(session -> recorder.sessionClosed(ensemble, session));
        ensemble.onSessionEvent(recorder::told);
        return recorder;
    }

    /**
     * Records DISCONNECTED or EXPIRED as the client library delivers it, before the client's
     * code hears it, so that a belief ended in the same delivery ends after it, at the same
     * instant. SyncConnected is not recorded: a belief that survives a reconnect must be
     * granted again to count, so nothing needs to know when the connection came back.
     */
    private void told(String client, long session, KeeperState state) {
        switch (state) {
            case Disconnected -> record(client, OpType.OK, OpKind.DISCONNECTED, Value.NONE,
                    "the client library delivered Disconnected", session);
            case Expired -> record(client, OpType.OK, OpKind.EXPIRED, Value.NONE,
                    "the client library delivered Expired", session);
            case Closed -> record(client, OpType.OK, OpKind.EXPIRED, Value.NONE,
                    "the client closed its handle", session);
            case SyncConnected, ConnectedReadOnly, AuthFailed, SaslAuthenticated -> {
            }
        }
    }

    private void sessionClosed(Ensemble ensemble, long session) {
        for (EnsembleClient client : ensemble.clients()) {
            if (client.owns(session)) {
                record(client.id(), OpType.OK, OpKind.SESSION_CLOSED, Value.NONE,
                        "session " + Op.sessionName(session) + " closed (its closeSession committed)", session);
                return;
            }
        }
    }

    public Invocation invoke(String process, OpKind f) {
        return invoke(process, f, Value.NONE);
    }

    public Invocation invoke(String process, OpKind f, Value value) {
        return new Invocation(this, record(process, OpType.INVOKE, f, value, ""));
    }

    public Op notify(String process, OpKind f) {
        return notify(process, f, Value.NONE, "");
    }

    public Op notify(String process, OpKind f, Value value) {
        return notify(process, f, value, "");
    }

    /** Records a notification: an OK op that answers no invocation. */
    public Op notify(String process, OpKind f, Value value, String note) {
        return record(process, OpType.OK, f, value, note);
    }

    /**
     * Runs {@code action} once the run is over, after its outcome is known, so that something
     * a workload made outside the simulation (the parked threads of an adapter for another
     * client API) does not outlive the run. The actions run in the order they were given.
     */
    public void whenRunEnds(Runnable action) {
        atRunEnd.add(Objects.requireNonNull(action, "action"));
    }

    /** The run is over: runs what {@link #whenRunEnds} was given, once. Called by whoever ran it. */
    public void runEnded() {
        List<Runnable> actions = List.copyOf(atRunEnd);
        atRunEnd.clear();
        actions.forEach(Runnable::run);
    }

    /** The history so far; it keeps growing as the workload records. */
    public History history() {
        return history;
    }

    Op record(String process, OpType type, OpKind f, Value value, String note) {
        return record(process, type, f, value, note, sessions.applyAsLong(process));
    }

    private Op record(String process, OpType type, OpKind f, Value value, String note, long session) {
        Op op = history.append(process, type, f, value, clock.getAsLong(), note, session);
        if (trace == null) {
            return op;
        }
        if (trace.wantsEvents()) {
            trace.emit(process, op.toTraceEvent());
        } else {
            trace.countOnly(HISTORY_EVENT);
        }
        return op;
    }
}
