package dev.zksim.herd;

import dev.zksim.recipes.doublebarrier.DoubleBarrier;
import dev.zksim.recipes.election.ElectionListener;
import dev.zksim.recipes.election.ElectionState;
import dev.zksim.recipes.election.LeaderElection;
import dev.zksim.recipes.election.SeedArticleElection;
import dev.zksim.recipes.lock.DistributedLock;

/**
 * One client's part in a herd run, for each kind of recipe: queue (or stand, or enter) when
 * told, report to the {@link Turn} when it waits and when it progresses, hold for the hold
 * time, then give up (release, step down, leave) and finish.
 */
sealed interface Participant {

    /** Starts queuing now. */
    void begin(Turn turn);

    /** Any lock of the lock package, the write side of the read/write lock included. */
    record Lock(DistributedLock lock) implements Participant {
        @Override
        public void begin(Turn turn) {
            turn.waiting();
            lock.acquire().whenComplete((grant, error) -> {
                if (error != null) {
                    turn.failed(error);
                    return;
                }
                turn.acquired();
                turn.afterHold(() -> lock.release().whenComplete((ok, failure) -> turn.finished()));
            });
        }
    }

    /** The recipes page's election: the leader steps down by deleting its node. */
    record Election(LeaderElection election) implements Participant {
        @Override
        public void begin(Turn turn) {
            turn.waiting();
            election.start().whenComplete((leading, error) -> {
                if (error != null) {
                    turn.failed(error);
                    return;
                }
                turn.acquired();
                turn.afterHold(() -> election.stop().whenComplete((ok, failure) -> turn.finished()));
            });
        }
    }

    /**
     * The seed article's election, which reports leadership only to a listener given at
     * construction; so this participant is the listener and the election is set after.
     */
    final class SeedElection implements Participant, ElectionListener {
        private SeedArticleElection election;
        private Turn turn;
        private boolean led;

        void attach(SeedArticleElection built) {
            election = built;
        }

        @Override
        public void begin(Turn given) {
            turn = given;
            turn.waiting();
            election.start();
        }

        @Override
        public void stateChanged(ElectionState state) {
            if (turn == null) {
                return;
            }
            switch (state) {
                case ElectionState.Leading leading -> lead();
                case ElectionState.Lost lost -> turn.failed(new IllegalStateException("candidacy lost"));
                case ElectionState.Following following -> { }
                case ElectionState.Suspended suspended -> { }
                case ElectionState.Withdrawn withdrawn -> { }
            }
        }

        private void lead() {
            if (!led) {
                led = true;
                turn.acquired();
                // stop() deletes the leader node and returns nothing to wait for.
                turn.afterHold(() -> {
                    election.stop();
                    turn.finished();
                });
            }
        }
    }

    /** A double barrier participant: enter, compute for the hold time, leave. */
    record Barrier(DoubleBarrier barrier) implements Participant {
        @Override
        public void begin(Turn turn) {
            turn.waiting();
            barrier.enter().whenComplete((ok, error) -> {
                if (error != null) {
                    turn.failed(error);
                    return;
                }
                turn.acquired();
                turn.afterHold(() -> leave(turn));
            });
        }

        private void leave(Turn turn) {
            turn.waiting();
            barrier.leave().whenComplete((ok, error) -> {
                if (error != null) {
                    turn.failed(error);
                    return;
                }
                turn.progressed();
                turn.finished();
            });
        }
    }
}
