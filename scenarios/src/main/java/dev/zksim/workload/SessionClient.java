package dev.zksim.workload;

import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.trace.TraceEvent;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.testkit.TestClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The {@link TestClient} the standard workloads give a recipe: a handle that follows the
 * client's current session. {@link #renew} opens a new session in the same process, as an
 * application does after {@code Expired}; from then on every call goes to the new session,
 * and only the current session's events move the connection state. Calls made between the
 * expiry and the renewal go to the dead handle and fail with SESSIONEXPIRED, as ZooKeeper's do.
 * Every handle is wrapped in a {@link WatchTap}, so herd checks see all sessions' wake-ups.
 */
public final class SessionClient implements TestClient, ZooKeeperClient {
    private final ClientContext context;
    private final ClientLog log;
    private final String uniqueName;
    private final ConnectionStates states = new ConnectionStates();
    private ZooKeeperClient current;
    private ZooKeeperClient currentSession;
    private int generation = 1;
    /** The recipe's stream, asked for at every hold and think time: looked up once, as a stream is the same object every time. */
    private final Choices recipeChoices;
    private final List<SessionListener> listeners = new ArrayList<>();

    /**
     * Hears every session of this client: its handle when it is opened, and its own
     * default-watcher events, each tagged with the session's generation (1 for the first).
     */
    public interface SessionListener {
        /** A new session was opened (the first one is announced when the listener is set). */
        void opened(int generation, ZooKeeperClient handle);

        /** A default-watcher event of the session of that generation. */
        void event(int generation, WatchedEvent event);
    }

    /** A client over the process's first handle, whose default-watcher events arrive through {@link #process}. */
    public SessionClient(ClientContext context, ZooKeeperClient first, ClientLog log, String uniqueName) {
        this.context = context;
        this.recipeChoices = context.choices().stream("recipe");
        this.log = log;
        this.uniqueName = uniqueName;
        this.current = new WatchTap(first, log);
        this.currentSession = first;
    }

    /** The first handle's default watcher: the program forwards its events here. */
    public void process(WatchedEvent event) {
        if (generation == 1) {
            states.process(event);
        }
        tell(1, event);
    }

    /** Adds threads of this client's code under test for a {@code spurious-wakeup} fault to reach. */
    public void addWaiters(ClientContext.Waiters threads) {
        context.addWaiters(threads);
    }

    /** Opens a new session in the running process and makes it current. */
    public void renew() {
        int mine = ++generation;
        states.renewed();
        ZooKeeperClient fresh = context.newSession(event -> {
            if (generation == mine) {
                states.process(event);
            }
            tell(mine, event);
        });
        current = new WatchTap(fresh, log);
        currentSession = fresh;
        for (SessionListener listener : listeners) {
            listener.opened(mine, fresh);
        }
    }

    /**
     * Adds a listener that hears of every session of this client, and tells it at once of the
     * current one. It is for adapters that put another client API over this client, such as
     * the official ZooKeeper drop-in, which needs each session's own handle (not one that
     * follows the sessions, as {@link #zk()} does) and its session events.
     */
    public void listen(SessionListener sessions) {
        listeners.add(sessions);
        sessions.opened(generation, currentSession);
    }

    private void tell(int session, WatchedEvent event) {
        for (SessionListener listener : listeners) {
            listener.event(session, event);
        }
    }

    /** Runs {@code action} once the run is over (see {@link dev.zksim.history.HistoryRecorder#whenRunEnds}). */
    public void whenRunEnds(Runnable action) {
        log.recorder().whenRunEnds(action);
    }

    /**
     * Does what an application does when its session expires: a short while after LOST (in an
     * event of its own, so that every listener hears LOST first) it opens a new session in the
     * same process, then runs {@code resume} so the workload goes on with its recipe objects.
     * A crash in between cancels it with the rest of the process's timers.
     *
     * @param onLost runs at once when the session is lost, before the new one is opened
     */
    public void renewAfterLoss(Runnable onLost, Runnable resume) {
        states.subscribe(state -> {
            if (state == ConnectionState.LOST) {
                onLost.run();
                context.schedule(context.choices().longIn(0, Time.millis(100)), () -> {
                    renew();
                    resume.run();
                });
            }
        });
    }

    /** How many sessions this client has opened, the first included. */
    public int sessions() {
        return generation;
    }

    // ---- TestClient ----

    @Override
    public String id() {
        return context.id();
    }

    @Override
    public String uniqueName() {
        return uniqueName;
    }

    @Override
    public ZooKeeperClient zk() {
        return this;
    }

    @Override
    public ConnectionStates connection() {
        return states;
    }

    @Override
    public long now() {
        return context.now();
    }

    @Override
    public void schedule(long delayMicros, Runnable action) {
        context.schedule(delayMicros, action);
    }

    /** Records an event of this client's code under test in the run's trace, under the client's name. */
    public void trace(TraceEvent event) {
        context.trace(event);
    }

    @Override
    public Choices choices() {
        return recipeChoices;
    }

    // ---- ZooKeeperClient, on the current session ----

    @Override
    public CompletionStage<String> create(String path, byte[] data, CreateMode mode) {
        return current.create(path, data, mode);
    }

    @Override
    public CompletionStage<Created> createWithStat(String path, byte[] data, CreateMode mode) {
        return current.createWithStat(path, data, mode);
    }

    @Override
    public CompletionStage<Void> delete(String path, int version) {
        return current.delete(path, version);
    }

    @Override
    public CompletionStage<Stat> exists(String path, Watcher watcher) {
        return current.exists(path, watcher);
    }

    @Override
    public CompletionStage<Stat> exists(String path, boolean watch) {
        return current.exists(path, watch);
    }

    @Override
    public CompletionStage<DataAndStat> getData(String path, Watcher watcher) {
        return current.getData(path, watcher);
    }

    @Override
    public CompletionStage<DataAndStat> getData(String path, boolean watch) {
        return current.getData(path, watch);
    }

    @Override
    public CompletionStage<Stat> setData(String path, byte[] data, int version) {
        return current.setData(path, data, version);
    }

    @Override
    public CompletionStage<List<String>> getChildren(String path, Watcher watcher) {
        return current.getChildren(path, watcher);
    }

    @Override
    public CompletionStage<List<String>> getChildren(String path, boolean watch) {
        return current.getChildren(path, watch);
    }

    @Override
    public CompletionStage<ChildrenAndStat> getChildren2(String path, Watcher watcher) {
        return current.getChildren2(path, watcher);
    }

    @Override
    public CompletionStage<ChildrenAndStat> getChildren2(String path, boolean watch) {
        return current.getChildren2(path, watch);
    }

    @Override
    public CompletionStage<String> sync(String path) {
        return current.sync(path);
    }

    @Override
    public CompletionStage<List<OpResult>> multi(List<Op> ops) {
        return current.multi(ops);
    }

    @Override
    public CompletionStage<Void> addWatch(String path, Watcher watcher, boolean recursive) {
        return current.addWatch(path, watcher, recursive);
    }

    @Override
    public CompletionStage<List<String>> getEphemerals(String prefixPath) {
        return current.getEphemerals(prefixPath);
    }

    @Override
    public CompletionStage<Integer> getAllChildrenNumber(String path) {
        return current.getAllChildrenNumber(path);
    }

    @Override
    public CompletionStage<Void> close() {
        return current.close();
    }

    @Override
    public long sessionId() {
        return current.sessionId();
    }

    @Override
    public int sessionTimeout() {
        return current.sessionTimeout();
    }
}
