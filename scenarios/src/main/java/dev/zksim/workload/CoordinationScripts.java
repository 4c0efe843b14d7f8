package dev.zksim.workload;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.barrier.Barrier;
import dev.zksim.recipes.config.Config;
import dev.zksim.recipes.config.ConfigReader;
import dev.zksim.recipes.support.ConnectionState;
import java.util.ArrayList;
import java.util.List;

/** Workloads for the barrier, and the configuration reader of the mixed scenario. */
public final class CoordinationScripts {
    static final List<String> CONFIG_KEYS = List.of("a", "b", "c");
    private static final String BARRIER = "/barrier";
    private static final String CONFIG = "/config";

    private CoordinationScripts() {
    }

    /** Raises the barrier at once, lifts it after {@code hold}; records LIFT, and LOST if its session expires. */
    public static ScriptClient.Script barrierCoordinator(long hold) {
        return session -> {
            GroupScripts.reportLost(session);
            Barrier barrier = new Barrier(session.zk(), BARRIER);
            barrier.raise().whenComplete((ok, error) -> session.after(hold, () ->
                    session.record(OpKind.LIFT, Value.NONE, barrier.lift(), done -> Value.NONE, done -> { })));
        };
    }

    /**
     * Arrives once it has seen the barrier raised (a waiter that came before the raise would
     * rightly find it down), then waits at it; ENTER OK means it passed.
     */
    public static ScriptClient.Script barrierWaiter() {
        return CoordinationScripts::arrive;
    }

    private static void arrive(ScriptClient.Session session) {
        if (session.states().current() == ConnectionState.LOST) {
            return;
        }
        session.zk().exists(BARRIER, false).whenComplete((stat, error) -> {
            if (stat == null) {
                session.after(Time.millis(20), () -> arrive(session));
            } else {
                session.record(OpKind.ENTER, Value.NONE, new Barrier(session.zk(), BARRIER).awaitLifted(),
                        ok -> Value.NONE, ok -> { });
            }
        });
    }

    /** Reports every configuration its reader hears as CONFIG_READ (version, key=value...). */
    public static ScriptClient.Script configReader() {
        return session -> new ConfigReader(session.zk(), CONFIG,
                config -> session.log().notify(OpKind.CONFIG_READ, configValue(config))).start();
    }

    /** The configuration as the history shows it; the version is key a's value. */
    static Value configValue(Config config) {
        String first = config.text(CONFIG_KEYS.getFirst());
        List<Value> value = new ArrayList<>(List.of(Value.of(first == null ? -1 : Long.parseLong(first))));
        for (String key : CONFIG_KEYS) {
            value.add(Value.of(key + "=" + config.text(key)));
        }
        return Value.tuple(value);
    }
}
