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
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.testkit.TestClient;
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
    private int generation = 1;

    /** A client over the process's first handle, whose default-watcher events arrive through {@link #process}. */
    public SessionClient(ClientContext context, ZooKeeperClient first, ClientLog log, String uniqueName) {
        this.context = context;
        this.log = log;
        this.uniqueName = uniqueName;
        this.current = new WatchTap(first, log);
    }

    /** The first handle's default watcher: the program forwards its events here. */
    public void process(WatchedEvent event) {
        if (generation == 1) {
            states.process(event);
        }
    }

    /** Opens a new session in the running process and makes it current. */
    public void renew() {
        int mine = ++generation;
        states.renewed();
        ZooKeeperClient fresh = context.newSession(event -> {
            if (generation == mine) {
                states.process(event);
            }
        });
        current = new WatchTap(fresh, log);
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

    @Override
    public Choices choices() {
        return context.choices().stream("recipe");
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
