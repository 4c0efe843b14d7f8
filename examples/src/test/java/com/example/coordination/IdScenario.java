package com.example.coordination;

import dev.zksim.check.CheckResult;
import dev.zksim.check.Checker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.CustomScenario;
import dev.zksim.testkit.Testkit;
import dev.zksim.workload.ScriptClient;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The team's id allocator fits no recipe shape, so it is tested as a custom program: each
 * client asks for a few ids, recording every request as an ALLOCATE op, and this project's
 * own checker judges the history (no id handed out twice); zksim's liveness checker is reused
 * for "every request completes after the heal". The program opens a new session itself after
 * {@code Expired} and goes on with the same allocator object, as the application does.
 */
final class IdScenario {
    /** The op this program records: a request for an id, answered with the id. */
    static final OpKind ALLOCATE = OpKind.ALLOCATE;
    private static final String COUNTER = "/example-ids";
    private static final int IDS_PER_CLIENT = 4;
    /**
     * Every request completes within this long after the heal. Generous, because the checker
     * is not told the seed's ensemble: with an 8 s session timeout and a 2 s tick, a five-server
     * ensemble that lost its leader may take twenty seconds to serve clients again.
     */
    private static final long BOUND = Time.seconds(30);

    private IdScenario() {
    }

    /** Four clients allocating ids, checked by {@link UniqueIds} and for liveness. */
    static CustomScenario allocator(String id, boolean compareAndSet) {
        return Testkit.custom(id)
                .clients(4, () -> new Allocating(compareAndSet))
                .check((heal, end) -> new UniqueIds())
                .check((heal, end) -> new LivenessChecker(heal, BOUND, end).onlyKinds(ALLOCATE))
                .settle(BOUND + Time.seconds(5));
    }

    /**
     * One client's program. What must survive a crash of the process (how many ids it already
     * has) lives in this object; a session is {@link ScriptClient.Session}'s, which follows the
     * handle across {@link ScriptClient.Session#renew}.
     */
    private static final class Allocating implements ScriptClient.Script {
        private final boolean compareAndSet;
        private int allocated;
        private int round;

        Allocating(boolean compareAndSet) {
            this.compareAndSet = compareAndSet;
        }

        @Override
        public void start(ScriptClient.Session session) {
            SimpleIdAllocator ids = new SimpleIdAllocator(session.zk(), COUNTER, compareAndSet);
            session.states().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    // A new session in the same process, after a short pause; the allocator stays.
                    session.after(Time.millis(50), () -> {
                        session.renew();
                        next(session, ids, ++round);
                    });
                }
            });
            next(session, ids, ++round);
        }

        /** Asks for the next id; a request of an older round (before a new session) stops there. */
        private void next(ScriptClient.Session session, SimpleIdAllocator ids, int mine) {
            if (mine != round || allocated >= IDS_PER_CLIENT) {
                return;
            }
            session.recordThen(ALLOCATE, Value.NONE, ids.next(), Value::of, (id, error) -> {
                if (error == null) {
                    allocated++;
                }
                if (session.states().current() != ConnectionState.LOST) {
                    session.after(Time.millis(20), () -> next(session, ids, mine));
                }
            });
        }
    }

    /** This project's own checker: an id answered to two requests is a safety violation. */
    static final class UniqueIds implements Checker {
        @Override
        public String name() {
            return "unique ids";
        }

        @Override
        public CheckResult check(History history) {
            Map<Long, Op> firstOwner = new TreeMap<>();
            for (Op op : history) {
                if (!op.f().equals(ALLOCATE) || !op.isOk() || !(op.value() instanceof Value.Num(long id))) {
                    continue;
                }
                Op earlier = firstOwner.putIfAbsent(id, op);
                if (earlier != null) {
                    return CheckResult.safety(name(), op.time(), "id " + id + " was handed out twice: "
                            + earlier.describe() + " and " + op.describe(), List.of(earlier, op));
                }
            }
            return CheckResult.valid(name());
        }
    }
}
