package dev.zksim.workload;

import dev.zksim.api.CreateMode;
import dev.zksim.api.Watcher;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.NamingUnderTest;
import dev.zksim.testkit.RendezvousUnderTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.TreeSet;

/**
 * Workloads for the rendezvous and the naming service (the double barrier and group
 * membership have the testkit's {@link DoubleBarrierWorkload} and {@link MembershipWorkload}).
 */
public final class GroupScripts {

    private GroupScripts() {
    }

    /** Records LOST when the session expires, for checkers that excuse a dead session. */
    static void reportLost(ScriptClient.Session session) {
        session.states().subscribe(state -> {
            if (state == ConnectionState.LOST) {
                session.log().notify(OpKind.LOST);
            }
        });
    }

    // ---- parents ----

    /**
     * Creates a parent node (again after a connection loss) before the script goes on, so
     * that a create lost to a connection loss does not leave the script without its parent
     * (the membership adapter does the same with EnsurePath before GroupView.start; see
     * membership seed 2).
     */
    static void ensure(ScriptClient.Session session, String path, Runnable then) {
        session.zk().create(path, null, CreateMode.PERSISTENT).whenComplete((ok, error) -> {
            if (error == null || Workloads.describe(error).equals("NODEEXISTS")) {
                then.run();
            } else if (session.states().current() != ConnectionState.LOST) {
                session.after(Time.millis(50), () -> ensure(session, path, then));
            }
        });
    }

    // ---- rendezvous ----

    /**
     * The client of a rendezvous: creates {@code /rv/<guid>} (its path is what it would pass
     * to the processes it starts) and waits for an address: RENDEZVOUS (node) OK (node,
     * address). Each incarnation runs its own rendezvous.
     */
    public static ScriptClient.Script rendezvousClient(RendezvousUnderTest.Factory factory, String parent) {
        return session -> {
            reportLost(session);
            String node = parent + "/" + session.guid();
            RendezvousUnderTest rendezvous = factory.create(session.client(), node);
            ensure(session, parent, () ->
                    session.record(OpKind.RENDEZVOUS, Value.tuple(Value.of(node)),
                            rendezvous.create().thenCompose(created -> rendezvous.awaitAddress()),
                            address -> Value.tuple(Value.of(node), Value.of(new String(address, StandardCharsets.UTF_8))),
                            address -> { }));
        };
    }

    /**
     * A worker: publishes its address, once, to every rendezvous node it sees under /rv
     * (PUBLISH (node, address); OK if its address is the one that landed, FAIL if another
     * won), one at a time, since a process has one operation open at a time in the history.
     * It remembers across restarts the nodes whose publish was answered, as a real worker
     * would not serve one rendezvous twice; a node it had listed but not yet answered when it
     * crashed is served again by the next incarnation, because a rendezvous is owed an
     * address as long as a live worker can still deliver one.
     */
    public static ScriptClient.Script rendezvousWorker(RendezvousUnderTest.Factory factory, String parent) {
        TreeSet<String> answered = new TreeSet<>();
        return session -> {
            reportLost(session);
            Worker worker = new Worker(session, factory, parent, "addr-" + session.context().id(), answered);
            ensure(session, parent, worker::list);
        };
    }

    /** One incarnation of a rendezvous worker. */
    private static final class Worker {
        private final ScriptClient.Session session;
        private final RendezvousUnderTest.Factory factory;
        private final String parent;
        private final String address;
        private final TreeSet<String> answered;
        private final TreeSet<String> queued = new TreeSet<>();
        private final ArrayDeque<String> todo = new ArrayDeque<>();
        private final Watcher watcher = event -> list();
        private boolean busy;

        Worker(ScriptClient.Session session, RendezvousUnderTest.Factory factory, String parent, String address,
                TreeSet<String> answered) {
            this.session = session;
            this.factory = factory;
            this.parent = parent;
            this.address = address;
            this.answered = answered;
        }

        void list() {
            if (session.states().current() == ConnectionState.LOST) {
                return;
            }
            session.zk().getChildren(parent, watcher).whenComplete((children, error) -> {
                if (error != null) {
                    session.after(Time.millis(50), this::list);
                    return;
                }
                for (String child : new TreeSet<>(children)) {
                    String node = parent + "/" + child;
                    if (!answered.contains(node) && queued.add(node)) {
                        todo.add(node);
                    }
                }
                next();
            });
        }

        private void next() {
            if (busy || todo.isEmpty()) {
                return;
            }
            busy = true;
            String node = todo.poll();
            Value value = Value.tuple(Value.of(node), Value.of(address));
            session.after(session.context().choices().longIn(0, Time.millis(200)), () -> session.recordThen(OpKind.PUBLISH,
                    value, factory.create(session.client(), node).publish(address.getBytes(StandardCharsets.UTF_8)),
                    ok -> value, (ok, error) -> {
                        if (error == null || !Workloads.uncertain(error)) {
                            answered.add(node);
                        } else {
                            queued.remove(node);
                        }
                        busy = false;
                        next();
                    }));
        }
    }

    // ---- naming ----

    /** Allocates {@code names} unique names one after another: ALLOCATE OK (the name). */
    public static ScriptClient.Script namer(NamingUnderTest.Factory factory, int names) {
        int[] allocated = {0};
        return session -> allocate(session, factory.create(session.client()), names, allocated);
    }

    private static void allocate(ScriptClient.Session session, NamingUnderTest service, int names, int[] allocated) {
        if (allocated[0] >= names || session.states().current() == ConnectionState.LOST) {
            return;
        }
        allocated[0]++;
        session.record(OpKind.ALLOCATE, Value.NONE, service.allocate(session.context().id().getBytes(StandardCharsets.UTF_8)),
                Value::of, name -> session.after(
                        session.context().choices().longIn(0, Time.millis(50)), () -> allocate(session, service, names, allocated)));
    }
}
