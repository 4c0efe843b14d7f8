package dev.zksim.workload;

import dev.zksim.api.ZooKeeperClient.DataAndStat;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.EnsurePath;
import dev.zksim.testkit.ControllerUnderTest;
import dev.zksim.testkit.HolderEvents;
import java.nio.charset.StandardCharsets;

/**
 * Controllers: leaders that write a shared state znode while they lead, and readers of it.
 * A candidate records ELECTED, SUSPENDED and LOST as the election scenario does. Each time it
 * is told it leads, a term begins, named by the index of that ELECTED op; while the candidate
 * still believes it leads it writes the state at once and then every little while
 * (STATE_WRITE), each write's bytes naming the writer, the term and the write's number. A
 * leader serves a term, abdicates and runs again until its terms are used up, then leads for
 * good. Readers read the state without a watch and without sync, and now and then close their
 * session and open a new one, which may land on a lagging follower.
 */
public final class ControllerScripts {
    /** Writes one term asks for at most, so that a leader for good does not fill the history. */
    private static final int WRITES_PER_TERM = 8;

    private ControllerScripts() {
    }

    /** What a controller writes: "writer term n", e.g. "c2 17 3". */
    public static byte[] state(String writer, long term, int n) {
        return (writer + " " + term + " " + n).getBytes(StandardCharsets.UTF_8);
    }

    /** The state as a read records it: (version, term, n, writer), or term -1 for the empty initial state. */
    public static Value readValue(DataAndStat read) {
        String text = read.data() == null ? "" : new String(read.data(), StandardCharsets.UTF_8);
        String[] parts = text.split(" ");
        if (parts.length != 3) {
            return Value.tuple(Value.of(read.stat().version()), Value.of(-1), Value.of(0), Value.of(text.isEmpty()
                    ? "initial" : text));
        }
        return Value.tuple(Value.of(read.stat().version()), Value.of(Long.parseLong(parts[1])),
                Value.of(Long.parseLong(parts[2])), Value.of(parts[0]));
    }

    /** A candidate that leads {@code terms} times for {@code term} microseconds, writing every {@code writeEvery} at most. */
    public static ScriptClient.Script candidate(ControllerUnderTest.Factory factory, String path, int terms, long term,
            long writeEvery) {
        int[] served = {0};
        return session -> {
            Relay relay = new Relay();
            Candidate candidate = new Candidate(session, factory.create(session.client(), relay), path, served, terms,
                    term, writeEvery);
            relay.to = candidate;
            candidate.enter(Time.millis(100));
        };
    }

    /**
     * A reader that reads every {@code readEvery} at most and opens a new session after one
     * read in {@code renewOneIn}, until the instant {@code until} (microseconds): a reader that
     * read to the end of the run made most of its events in the quiet minute after the last
     * write, and in the small scope (the shortest wait, a new session after every read) a
     * dfs run of the controller took 25,000 choice points.
     */
    public static ScriptClient.Script reader(String path, long readEvery, int renewOneIn, long until) {
        return session -> new Reader(session, path, readEvery, renewOneIn, until).next();
    }

    /**
     * The events a controller reports, passed on to the candidate once it exists: a factory
     * gets its events before the candidate that records them is built.
     */
    private static final class Relay implements HolderEvents {
        private HolderEvents to = HolderEvents.ignored();

        @Override
        public void held(long token) {
            to.held(token);
        }

        @Override
        public void suspended() {
            to.suspended();
        }

        @Override
        public void lost() {
            to.lost();
        }

        @Override
        public void released() {
            to.released();
        }
    }

    /** One incarnation of a reader. */
    private record Reader(ScriptClient.Session session, String path, long readEvery, int renewOneIn, long until) {

        void next() {
            if (session.context().now() < until) {
                session.after(session.context().choices().longIn(readEvery / 4, readEvery), this::read);
            }
        }

        private void read() {
            session.recordThen(OpKind.STATE_READ, Value.NONE, session.zk().getData(path, false),
                    ControllerScripts::readValue, (read, error) -> {
                        // The last of renewOneIn values renews, so a draw of 0 (the small scope's, the shrinker's) does not.
                        if (read != null && session.context().choices().intIn(1, renewOneIn) == renewOneIn) {
                            session.zk().close().whenComplete((closed, failure) -> {
                                session.renew();
                                next();
                            });
                        } else {
                            next();
                        }
                    });
        }
    }

    /** One incarnation of a candidate. */
    private static final class Candidate implements HolderEvents {
        private final ScriptClient.Session session;
        private final ControllerUnderTest controller;
        private final String path;
        private final int[] served;
        private final int terms;
        private final long term;
        private final long writeEvery;
        private boolean candidate;
        private boolean withdrawing;
        /** The term this candidate believes it leads in, or -1 when it believes it does not lead. */
        private long leading = -1;

        Candidate(ScriptClient.Session session, ControllerUnderTest controller, String path, int[] served, int terms,
                long term, long writeEvery) {
            this.session = session;
            this.controller = controller;
            this.path = path;
            this.served = served;
            this.terms = terms;
            this.term = term;
            this.writeEvery = writeEvery;
            session.states().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    session.after(session.context().choices().longIn(0, Time.millis(100)), this::renew);
                }
            });
        }

        /** Enters the election after a while, once the state node exists, unless already in it or lost. */
        void enter(long within) {
            session.after(session.context().choices().longIn(0, within), () -> {
                if (candidate || session.states().current() == ConnectionState.LOST) {
                    return;
                }
                candidate = true;
                EnsurePath.ensure(session.zk(), path).whenComplete((made, error) -> {
                    if (error == null) {
                        controller.start();
                    } else {
                        candidate = false;
                        enter(Time.millis(100));
                    }
                });
            });
        }

        private void renew() {
            session.renew();
            enter(Time.millis(50));
        }

        @Override
        public void held(long epoch) {
            leading = session.log().notify(OpKind.ELECTED, Value.of(epoch)).index();
            write(leading, 1);
            if (served[0] < terms) {
                served[0]++;
                session.after(term, this::abdicate);
            }
        }

        /** The n-th write of the term, if this candidate still believes it leads in that term. */
        private void write(long inTerm, int n) {
            if (leading != inTerm || n > WRITES_PER_TERM) {
                return;
            }
            session.recordThen(OpKind.STATE_WRITE, Value.tuple(Value.of(inTerm), Value.of(n)),
                    controller.writeState(path, state(session.log().process(), inTerm, n)),
                    stat -> Value.tuple(Value.of(inTerm), Value.of(n), Value.of(stat.version())), (stat, error) -> { });
            session.after(session.context().choices().longIn(writeEvery / 4, writeEvery), () -> write(inTerm, n + 1));
        }

        @Override
        public void suspended() {
            leading = -1;
            session.log().notify(OpKind.SUSPENDED);
        }

        @Override
        public void lost() {
            leading = -1;
            candidate = false;
            session.log().notify(OpKind.LOST);
        }

        @Override
        public void released() {
            leading = -1;
            candidate = false;
        }

        private void abdicate() {
            if (session.states().current() == ConnectionState.LOST || withdrawing) {
                return;
            }
            withdrawing = true;
            leading = -1;
            session.record(OpKind.ABDICATED, Value.NONE, controller.stop(), ok -> Value.NONE, ok -> {
                withdrawing = false;
                enter(Time.millis(50));
            });
        }
    }
}
