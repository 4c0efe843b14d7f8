package dev.zksim.workload;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.CounterUnderTest;
import java.util.OptionalLong;

/**
 * One client of a shared counter: it adds one {@code increments} times, one after another with
 * a short think between, reads the counter after about one increment in three, and reads it
 * once more when it is done (INCREMENT OK with the value the counter reports, COUNT OK with
 * the value read). A restarted client goes on where its last incarnation stopped.
 */
public final class CounterScript {
    private final CounterUnderTest.Factory factory;
    private final int increments;
    private int started;

    private CounterScript(CounterUnderTest.Factory factory, int increments) {
        this.factory = factory;
        this.increments = increments;
    }

    /** The script of one client, which keeps its count across the client's incarnations. */
    public static ScriptClient.Script of(CounterUnderTest.Factory factory, int increments) {
        CounterScript script = new CounterScript(factory, increments);
        return session -> script.new Incarnation(session).begin();
    }

    /**
     * One incarnation's loop. After {@code Expired} the client opens a new session, as an
     * application does, and the loop goes on from where it stood (the call in flight, if any,
     * answers first).
     */
    private final class Incarnation {
        private final ScriptClient.Session session;
        private final CounterUnderTest counter;
        private boolean busy;
        private boolean done;

        Incarnation(ScriptClient.Session session) {
            this.session = session;
            this.counter = factory.create(session.client());
        }

        void begin() {
            session.client().renewAfterLoss(() -> { }, this::next);
            next();
        }

        private void next() {
            if (busy || done || session.states().current() == ConnectionState.LOST) {
                return;
            }
            busy = true;
            if (started >= increments) {
                done = true;
                session.record(OpKind.COUNT, Value.NONE, counter.read(), Value::of, value -> busy = false);
                return;
            }
            started++;
            session.record(OpKind.INCREMENT, Value.NONE, counter.increment(), CounterScript::reported,
                    value -> session.after(think(session), this::maybeRead));
        }

        /** Reads the counter after about one increment in three, then goes on. */
        private void maybeRead() {
            if (started >= increments || session.context().choices().intIn(0, 2) > 0) {
                busy = false;
                next();
                return;
            }
            session.record(OpKind.COUNT, Value.NONE, counter.read(), Value::of,
                    value -> session.after(think(session), () -> {
                        busy = false;
                        next();
                    }));
        }
    }

    private static long think(ScriptClient.Session session) {
        return session.context().choices().longIn(0, Time.millis(50));
    }

    private static Value reported(OptionalLong value) {
        return value.isPresent() ? Value.of(value.getAsLong()) : Value.NONE;
    }
}
