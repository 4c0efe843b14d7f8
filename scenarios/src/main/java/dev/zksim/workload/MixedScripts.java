package dev.zksim.workload;

import dev.zksim.api.KeeperException;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.config.ConfigWriter;
import dev.zksim.recipes.election.ElectionState;
import dev.zksim.recipes.election.LeaderElection;
import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.HolderState;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionException;

/** Workloads that combine recipes the way applications do. */
public final class MixedScripts {
    private static final String ELECTION = "/election";
    private static final String CONFIG = "/config";
    private static final String LOCK = "/worklock";
    private static final String WORK = "/work";

    private MixedScripts() {
    }

    // ---- the elected leader publishes configuration ----

    /**
     * A candidate that, whenever it leads, reads the highest version any publication got
     * to (the raw keys, since a leader that died mid-way left ready absent) and publishes
     * {@code versions} newer configurations (CONFIG_WRITE, as the configuration scenario's
     * writer), each only while it still leads. After each of {@code terms} terms it
     * abdicates and runs again; then it leads for good. ELECTED, SUSPENDED, LOST and
     * ABDICATED are recorded as the election scenario does.
     */
    public static ScriptClient.Script configLeader(int terms, int versions) {
        int[] served = {0};
        return session -> {
            LeaderElection[] election = new LeaderElection[1];
            boolean[] publishing = {false};
            ConfigWriter writer = new ConfigWriter(session.zk(), CONFIG);
            election[0] = new LeaderElection(session.zk(), session.states(), ELECTION, session.guid(), state -> {
                switch (state) {
                    case ElectionState.Leading leading -> {
                        session.log().notify(OpKind.ELECTED, Value.of(leading.epoch()));
                        if (!publishing[0]) {
                            publishing[0] = true;
                            Term term = new Term(session, election[0], writer, versions, publishing, served, terms);
                            term.readVersion(0, 0);
                        }
                    }
                    case ElectionState.Suspended suspended -> session.log().notify(OpKind.SUSPENDED);
                    case ElectionState.Lost lost -> session.log().notify(OpKind.LOST);
                    case ElectionState.Following following -> {
                    }
                    case ElectionState.Withdrawn withdrawn -> {
                    }
                }
            });
            session.after(session.context().choices().longIn(0, Time.millis(100)), election[0]::start);
        };
    }

    /** One leader's term: find the version to continue from, publish, then maybe abdicate. */
    private record Term(ScriptClient.Session session, LeaderElection election, ConfigWriter writer, int versions,
                        boolean[] publishing, int[] served, int terms) {

        void readVersion(int key, long highest) {
            if (!election.isLeading()) {
                publishing[0] = false;
                return;
            }
            if (key == CoordinationScripts.CONFIG_KEYS.size()) {
                publish(highest + 1, highest + versions);
                return;
            }
            String path = CONFIG + "/" + CoordinationScripts.CONFIG_KEYS.get(key);
            session.zk().getData(path, false).whenComplete((read, error) -> {
                if (error == null) {
                    String text = new String(read.data(), StandardCharsets.UTF_8);
                    readVersion(key + 1, Math.max(highest, Long.parseLong(text)));
                } else if (code(error) == KeeperException.Code.NONODE) {
                    readVersion(key + 1, highest);
                } else {
                    session.after(Time.millis(50), () -> readVersion(0, 0));
                }
            });
        }

        void publish(long version, long last) {
            if (version > last || !election.isLeading()) {
                publishing[0] = false;
                if (version > last && served[0] < terms) {
                    served[0]++;
                    abdicate();
                }
                return;
            }
            Map<String, byte[]> entries = new TreeMap<>();
            List<Value> value = new ArrayList<>(List.of(Value.of(version)));
            for (String key : CoordinationScripts.CONFIG_KEYS) {
                entries.put(key, Long.toString(version).getBytes(StandardCharsets.UTF_8));
                value.add(Value.of(key + "=" + version));
            }
            session.recordThen(OpKind.CONFIG_WRITE, Value.tuple(value), writer.publish(entries), ok -> Value.tuple(value),
                    (ok, error) -> session.after(session.context().choices().longIn(Time.millis(20), Time.millis(200)),
                            () -> publish(version + 1, last)));
        }

        void abdicate() {
            if (session.states().current() == ConnectionState.LOST) {
                return;
            }
            session.record(OpKind.ABDICATED, Value.NONE, election.stop(), ok -> Value.NONE,
                    ok -> session.after(session.context().choices().longIn(0, Time.millis(50)), election::start));
        }
    }

    private static KeeperException.Code code(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof KeeperException keeper ? keeper.code() : null;
    }

    // ---- lock holders enqueue work ----

    /**
     * For {@code rounds} rounds: take the work lock (ACQUIRE OK with the fencing token),
     * enqueue one item while holding it (ENQUEUE id "producer-n", only if the lock is still
     * held), release (RELEASE), think. The lock's SUSPENDED and LOST are recorded, so the
     * exclusion checker sees what the holder believed.
     */
    public static ScriptClient.Script lockedProducer(int rounds) {
        // Rounds done, and the next item number: an item id is never offered twice, even when a
        // crash between the offer and the release makes the next incarnation repeat the round.
        int[] produced = {0, 0};
        return session -> {
            LockListener listener = state -> {
                if (state == HolderState.SUSPENDED) {
                    session.log().notify(OpKind.SUSPENDED);
                } else if (state == HolderState.LOST) {
                    session.log().notify(OpKind.LOST);
                }
            };
            ExclusiveLock lock = new ExclusiveLock(session.zk(), session.states(), LOCK, session.guid(), listener);
            QueueScripts.Queue queue = QueueScripts.fifo(session, WORK);
            QueueScripts.ensured(session, queue, () -> round(session, lock, queue, rounds, produced));
        };
    }

    private static void round(ScriptClient.Session session, ExclusiveLock lock, QueueScripts.Queue queue, int rounds,
            int[] produced) {
        if (produced[0] >= rounds || session.states().current() == ConnectionState.LOST) {
            return;
        }
        session.recordThen(OpKind.ACQUIRE, Value.NONE, lock.acquire(), grant -> Value.of(grant.fencingToken()),
                (grant, error) -> {
                    if (error != null) {
                        session.after(think(session), () -> round(session, lock, queue, rounds, produced));
                    } else if (lock.state() != HolderState.HELD) {
                        release(session, lock, queue, rounds, produced);
                    } else {
                        String id = session.context().id() + "-" + produced[1]++;
                        session.recordThen(OpKind.ENQUEUE, Value.of(id), queue.offer(id.getBytes(StandardCharsets.UTF_8), 0),
                                ok -> Value.of(id), (ok, failure) -> release(session, lock, queue, rounds, produced));
                    }
                });
    }

    private static void release(ScriptClient.Session session, ExclusiveLock lock, QueueScripts.Queue queue, int rounds,
            int[] produced) {
        produced[0]++;
        session.record(OpKind.RELEASE, Value.NONE, lock.release(), ok -> Value.NONE,
                ok -> session.after(think(session), () -> round(session, lock, queue, rounds, produced)));
    }

    private static long think(ScriptClient.Session session) {
        return session.context().choices().longIn(0, Time.millis(30));
    }

    /** A consumer of the work queue: takes items for as long as its session lives. */
    public static ScriptClient.Script workConsumer() {
        return QueueScripts.consumer(false, WORK);
    }
}
