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
 */
public final class ElectionScripts {

    private ElectionScripts() {
    }

    /** A candidate that leads {@code terms} times for {@code term} microseconds, then stays. */
    public static ScriptClient.Script candidate(ElectionUnderTest.Factory factory, int terms, long term) {
        int[] served = {0};
        return session -> new Candidate(session, factory, served, terms, term).enter(Time.millis(100));
    }

    /** One incarnation of a candidate. */
    private static final class Candidate implements HolderEvents {
        private final ScriptClient.Session session;
        private final ElectionUnderTest election;
        private final int[] served;
        private final int terms;
        private final long term;
        private boolean withdrawing;
        private boolean candidate;

        Candidate(ScriptClient.Session session, ElectionUnderTest.Factory factory, int[] served, int terms, long term) {
            this.session = session;
            this.served = served;
            this.terms = terms;
            this.term = term;
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
                }
            });
        }

        private void renew() {
            session.renew();
            enter(Time.millis(50));
        }

        @Override
        public void held(long epoch) {
            session.log().notify(OpKind.ELECTED, Value.of(epoch));
            if (served[0] < terms) {
                served[0]++;
                session.after(term, this::abdicate);
            }
        }

        @Override
        public void suspended() {
            session.log().notify(OpKind.SUSPENDED);
        }

        @Override
        public void lost() {
            candidate = false;
            session.log().notify(OpKind.LOST);
        }

        @Override
        public void released() {
            candidate = false;
        }

        private void abdicate() {
            if (session.states().current() == ConnectionState.LOST || withdrawing) {
                return;
            }
            withdrawing = true;
            session.record(OpKind.ABDICATED, Value.NONE, election.stop(), ok -> Value.NONE, ok -> {
                withdrawing = false;
                enter(Time.millis(50));
            });
        }
    }
}
