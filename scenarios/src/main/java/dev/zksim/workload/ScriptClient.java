package dev.zksim.workload;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.recipes.support.ConnectionStates;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A recorded client whose behaviour is a script run at every start of its process with a
 * fresh session: the script builds its recipe objects on the handle and records what it asks
 * for. State that must survive a crash (how many items were already produced) lives in the
 * script object, which is the same across incarnations.
 */
public final class ScriptClient implements Recorded {

    /** What a client does from each start of its process. */
    @FunctionalInterface
    public interface Script {
        void start(Session session);
    }

    /**
     * One incarnation's client, clock and pen. The handle follows the client's current
     * session: {@link #renew} opens a new one in the running process, as an application does
     * after {@code Expired}.
     */
    public record Session(ClientContext context, SessionClient client, ClientLog log, int incarnation) {

        /** The handle, following the current session. */
        public ZooKeeperClient zk() {
            return client;
        }

        public ConnectionStates states() {
            return client.connection();
        }

        /** Opens a new session in this process; the handle and the states follow it. */
        public void renew() {
            client.renew();
        }

        /** A name unique to this incarnation, for recipes that need one per session. */
        public String guid() {
            return context.id() + "i" + incarnation;
        }

        /**
         * Records the operation around the stage: OK with the value the stage produced, info
         * when a connection loss leaves the outcome unknown, fail otherwise; then runs the
         * continuation with the result, or with null after an error.
         */
        public <T> void record(OpKind kind, Value value, CompletionStage<T> stage, Function<T, Value> result,
                Consumer<T> then) {
            recordThen(kind, value, stage, result, (answer, error) -> then.accept(answer));
        }

        /** As {@link #record}, but the continuation also gets the error (null after success). */
        public <T> void recordThen(OpKind kind, Value value, CompletionStage<T> stage, Function<T, Value> result,
                BiConsumer<T, Throwable> then) {
            ClientLog.Call call = log.invoke(kind, value);
            stage.whenComplete((answer, error) -> {
                if (error == null) {
                    call.ok(result.apply(answer));
                } else if (Workloads.uncertain(error)) {
                    call.info(Workloads.describe(error));
                } else {
                    call.fail(Workloads.describe(error));
                }
                then.accept(error == null ? answer : null, error);
            });
        }

        /** Runs the action later, in this incarnation only. */
        public void after(long delay, Runnable action) {
            context.schedule(delay, action);
        }
    }

    private final Script script;
    private final ClientLog log;
    private SessionClient client;
    private int incarnation;

    public ScriptClient(ClientLog log, Script script) {
        this.script = script;
        this.log = log;
    }

    @Override
    public ClientLog log() {
        return log;
    }

    @Override
    public void started(ClientContext context, ZooKeeperClient zk) {
        log.attach(context.id());
        incarnation++;
        client = new SessionClient(context, zk, log, context.id() + "i" + incarnation);
        script.start(new Session(context, client, log, incarnation));
    }

    @Override
    public void process(WatchedEvent event) {
        client.process(event);
    }
}
