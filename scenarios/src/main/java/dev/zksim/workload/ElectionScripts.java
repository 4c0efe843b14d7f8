package dev.zksim.workload;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.HolderEvents;

/**
 * Election candidates. A candidate records ELECTED (with the epoch) each time it is told it
 * leads, SUSPENDED and LOST as it is told them; a leader serves a term and then abdicates
 * (ABDICATED invoke, OK once its node is gone) and runs again, until its terms are used up:
 * then it leads for good, so a leader must exist at the end of every run. A candidate whose
 * session expired opens a new session and enters again with the same election object.
 *
 * <p>With a rejoin delay, a candidate that has just entered closes its candidacy a moment
 * later (at most {@value #MAX_REJOINS} times), while the create of its node may still be in
 * flight, and enters again at once on the same object: ABDICATED is recorded around that
 * {@code stop()}, as for a leader's withdrawal. A recipe must then neither keep the node that
 * create makes nor let the closed candidacy go on competing.
 */
public final class ElectionScripts {

    private ElectionScripts() {
    }

    /** How often a candidate closes and enters again right after entering. */
    private static final int MAX_REJOINS = 3;

    /** A candidate that leads {@code terms} times for {@code term} microseconds, then stays. */
    public static ScriptClient.Script candidate(ElectionUnderTest.Factory factory, int terms, long term) {
        return candidate(factory, terms, term, 0);
    }

    /**
     * As {@link #candidate(ElectionUnderTest.Factory, int, long)}, and, if {@code rejoinWithin}
     * is positive, the candidate closes a candidacy within that many microseconds of entering
     * and enters again at once, a few times per process.
     */
    public static ScriptClient.Script candidate(ElectionUnderTest.Factory factory, int terms, long term,
            long rejoinWithin) {
        int[] served = {0};
        int[] rejoined = {0};
        return session -> new Candidate(session, factory, served, terms, term, new Rejoins(rejoinWithin, rejoined))
                .enter(Time.millis(100));
    }

    /** The delay bound of the close-and-enter-again step (0: never) and the count, per process, of steps taken. */
    private record Rejoins(long within, int[] taken) {
        boolean due() {
            return within > 0 && taken[0] < MAX_REJOINS;
        }
    }

    /** One incarnation of a candidate. */
    private static final class Candidate implements HolderEvents {
        private final ScriptClient.Session session;
        private final ElectionUnderTest election;
        private final int[] served;
        private final int terms;
        private final long term;
        private final Rejoins rejoins;
        private boolean withdrawing;
        private boolean candidate;
        private boolean leading;

        Candidate(ScriptClient.Session session, ElectionUnderTest.Factory factory, int[] served, int terms, long term,
                Rejoins rejoins) {
            this.session = session;
            this.served = served;
            this.terms = terms;
            this.term = term;
            this.rejoins = rejoins;
            this.election = factory.create(session.client(), this);
            session.states().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    session.after(session.context().choices().longIn(0, Time.millis(100)), this::renew);
                }
            });
        }

        /** Enters the election after a while, unless this candidate is in it already or has lost its session. */
        void enter(long within) {
            session.after(session.context().choices().longIn(0, within), () -> {
                if (!candidate && session.states().current() != ConnectionState.LOST) {
                    candidate = true;
                    election.start();
                    closeAndEnterAgainSoon();
                }
            });
        }

        /**
         * In seeds with rejoins, closes the candidacy just entered after a moment, while its
         * node's create may be in flight, and enters again at once; not once told it leads
         * (that is a leader's withdrawal, which the terms already take).
         */
        private void closeAndEnterAgainSoon() {
            if (!rejoins.due()) {
                return;
            }
            session.after(session.context().choices().longIn(0, rejoins.within()), () -> {
                if (!candidate || leading || withdrawing || session.states().current() == ConnectionState.LOST) {
                    return;
                }
                rejoins.taken()[0]++;
                session.record(OpKind.ABDICATED, Value.NONE, election.stop(), ok -> Value.NONE, ok -> { });
                candidate = true;
                election.start();
            });
        }

        private void renew() {
            session.renew();
            enter(Time.millis(50));
        }

        @Override
        public void held(long epoch) {
            leading = true;
            session.log().notify(OpKind.ELECTED, Value.of(epoch));
            if (served[0] < terms) {
                served[0]++;
                session.after(term, this::abdicate);
            }
        }

        @Override
        public void suspended() {
            leading = false;
            session.log().notify(OpKind.SUSPENDED);
        }

        @Override
        public void lost() {
            candidate = false;
            leading = false;
            session.log().notify(OpKind.LOST);
        }

        @Override
        public void released() {
            candidate = false;
            leading = false;
        }

        private void abdicate() {
            if (session.states().current() == ConnectionState.LOST || withdrawing) {
                return;
            }
            withdrawing = true;
            leading = false;
            session.record(OpKind.ABDICATED, Value.NONE, election.stop(), ok -> Value.NONE, ok -> {
                withdrawing = false;
                enter(Time.millis(50));
            });
        }
    }
}
