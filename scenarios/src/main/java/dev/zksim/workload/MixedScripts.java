package dev.zksim.workload;

import dev.zksim.api.KeeperException;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.ConfigUnderTest;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletionException;

/** Workloads that combine recipes the way applications do. */
public final class MixedScripts {
    /** The configuration's keys; every publication gives each the version number as its value. */
    private static final List<String> CONFIG_KEYS = List.of("a", "b", "c");
    /** Where the configuration lives, which a new leader reads to continue the version numbers. */
    private static final String CONFIG = "/config";
    private static final String WORK = "/work";

    private MixedScripts() {
    }

    // ---- the elected leader publishes configuration ----

    /**
     * A candidate that, whenever it leads, reads the highest version any publication got
     * to (the raw keys, since a leader that died mid-way left ready absent) and publishes
     * {@code versions} newer configurations (CONFIG_WRITE, as the configuration scenario's
     * writer), each only while it still leads. After each of {@code terms} terms it
     * abdicates and runs again; then it leads for good. ELECTED, SUSPENDED and LOST are
     * recorded as the election scenario does, and ABDICATED around each withdrawal. The
     * election comes from the factory; it leads from {@code held} until {@code suspended},
     * {@code lost} or {@code released}.
     */
    public static ScriptClient.Script configLeader(ElectionUnderTest.Factory elections, ConfigUnderTest.Factory configs,
            int terms, int versions) {
        int[] served = {0};
        return session -> {
            ConfigUnderTest writer = configs.create(session.client(), entries -> { });
            Candidate candidate = new Candidate(session, elections, writer, terms, versions, served);
            session.after(session.context().choices().longIn(0, Time.millis(100)), candidate.election::start);
        };
    }

    /** One incarnation's candidacy: what the election tells it, and whether a term is publishing. */
    private static final class Candidate extends Belief {
        private final ElectionUnderTest election;
        private final ConfigUnderTest writer;
        private final int terms;
        private final int versions;
        private final int[] served;
        private final boolean[] publishing = {false};

        Candidate(ScriptClient.Session session, ElectionUnderTest.Factory elections, ConfigUnderTest writer, int terms,
                int versions, int[] served) {
            super(session);
            this.writer = writer;
            this.terms = terms;
            this.versions = versions;
            this.served = served;
            this.election = elections.create(session.client(), this);
        }

        @Override
        public void held(long epoch) {
            super.held(epoch);
            session.log().notify(OpKind.ELECTED, Value.of(epoch));
            if (!publishing[0]) {
                publishing[0] = true;
                new Term(session, this, writer, versions, publishing, served, terms).readVersion(0, 0);
            }
        }
    }

    /** One leader's term: find the version to continue from, publish, then maybe abdicate. */
    private record Term(ScriptClient.Session session, Candidate candidate, ConfigUnderTest writer, int versions,
                        boolean[] publishing, int[] served, int terms) {

        void readVersion(int key, long highest) {
            if (!candidate.holds) {
                publishing[0] = false;
                return;
            }
            if (key == CONFIG_KEYS.size()) {
                publish(highest + 1, highest + versions);
                return;
            }
            String path = CONFIG + "/" + CONFIG_KEYS.get(key);
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
            if (version > last || !candidate.holds) {
                publishing[0] = false;
                if (version > last && served[0] < terms) {
                    served[0]++;
                    abdicate();
                }
                return;
            }
            SortedMap<String, String> entries = new TreeMap<>();
            List<Value> value = new ArrayList<>(List.of(Value.of(version)));
            for (String key : CONFIG_KEYS) {
                entries.put(key, Long.toString(version));
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
            ElectionUnderTest election = candidate.election;
            session.record(OpKind.ABDICATED, Value.NONE, election.stop(), ok -> Value.NONE,
                    ok -> session.after(session.context().choices().longIn(0, Time.millis(50)), election::start));
        }
    }

    private static KeeperException.Code code(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof KeeperException keeper ? keeper.code() : null;
    }

    /** Reports every configuration its reader takes in as CONFIG_READ (version, key=value...). */
    public static ScriptClient.Script configReader(ConfigUnderTest.Factory configs) {
        return session -> configs.create(session.client(),
                entries -> session.log().notify(OpKind.CONFIG_READ, configValue(entries))).start();
    }

    /** The configuration as the history shows it; the version is key a's value. */
    private static Value configValue(SortedMap<String, String> entries) {
        String first = entries.get(CONFIG_KEYS.getFirst());
        List<Value> value = new ArrayList<>(List.of(Value.of(first == null ? -1 : Long.parseLong(first))));
        for (String key : CONFIG_KEYS) {
            value.add(Value.of(key + "=" + entries.get(key)));
        }
        return Value.tuple(value);
    }

    // ---- lock holders enqueue work ----

    /**
     * For {@code rounds} rounds: take the work lock (ACQUIRE OK with the fencing token),
     * enqueue one item while holding it (ENQUEUE id "producer-n"), release (RELEASE), think. The lock comes from the factory; its SUSPENDED and
     * LOST are recorded, so the exclusion checker sees what the holder believed.
     */
    public static ScriptClient.Script lockedProducer(LockUnderTest.Factory locks, int rounds) {
        // Rounds done, and the next item number: an item id is never offered twice, even when a
        // crash between the offer and the release makes the next incarnation repeat the round.
        int[] produced = {0, 0};
        return session -> {
            Producer producer = new Producer(session, locks, QueueScripts.fifo(session, WORK), rounds, produced);
            QueueScripts.ensured(session, producer.queue, producer::round);
        };
    }

    /** One incarnation of a producer: its lock and the work queue. */
    private static final class Producer extends Belief {
        private final LockUnderTest lock;
        private final QueueScripts.Queue queue;
        private final int rounds;
        private final int[] produced;

        Producer(ScriptClient.Session session, LockUnderTest.Factory locks, QueueScripts.Queue queue, int rounds,
                int[] produced) {
            super(session);
            this.queue = queue;
            this.rounds = rounds;
            this.produced = produced;
            this.lock = locks.create(session.client(), this);
        }

        void round() {
            if (produced[0] >= rounds || session.states().current() == ConnectionState.LOST) {
                return;
            }
            session.recordThen(OpKind.ACQUIRE, Value.NONE, lock.acquire(), Value::of, (token, error) -> {
                if (error != null) {
                    session.after(think(session), this::round);
                } else {
                    String id = session.context().id() + "-" + produced[1]++;
                    session.recordThen(OpKind.ENQUEUE, Value.of(id), queue.offer(id.getBytes(StandardCharsets.UTF_8), 0),
                            ok -> Value.of(id), (ok, failure) -> release());
                }
            });
        }

        private void release() {
            produced[0]++;
            session.record(OpKind.RELEASE, Value.NONE, lock.release(), ok -> Value.NONE,
                    ok -> session.after(think(session), this::round));
        }
    }

    /**
     * What a holder believes, from what its recipe tells it: it holds from {@code held} until
     * {@code suspended}, {@code lost} or {@code released}. SUSPENDED and LOST are recorded, so
     * the checkers see the belief end.
     */
    private abstract static class Belief implements HolderEvents {
        protected final ScriptClient.Session session;
        protected boolean holds;

        Belief(ScriptClient.Session session) {
            this.session = session;
        }

        @Override
        public void held(long token) {
            holds = true;
        }

        @Override
        public void suspended() {
            holds = false;
            session.log().notify(OpKind.SUSPENDED);
        }

        @Override
        public void lost() {
            holds = false;
            session.log().notify(OpKind.LOST);
        }

        @Override
        public void released() {
            holds = false;
        }
    }

    private static long think(ScriptClient.Session session) {
        return session.context().choices().longIn(0, Time.millis(30));
    }

    /** A consumer of the work queue: takes items for as long as its session lives. */
    public static ScriptClient.Script workConsumer() {
        return QueueScripts.consumer(false, WORK);
    }
}
