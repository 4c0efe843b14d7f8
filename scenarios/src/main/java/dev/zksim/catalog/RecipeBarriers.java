package dev.zksim.catalog;

import dev.zksim.kernel.Time;
import dev.zksim.recipes.barrier.Barrier;
import dev.zksim.recipes.doublebarrier.DoubleBarrier;
import dev.zksim.recipes.doublebarrier.DoubleBarrierDecision;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.BarrierUnderTest;
import dev.zksim.testkit.DoubleBarrierUnderTest;
import dev.zksim.testkit.TestClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * zksim's simple and double barriers as the testkit's {@link BarrierUnderTest} and
 * {@link DoubleBarrierUnderTest}, and their canaries: a waiter whose timeout lets it
 * through, a participant that counts one too few, one whose given-up enter leaves its node,
 * and one whose given-up leave does.
 */
public final class RecipeBarriers {
    private static final String PATH = "/dbarrier";

    private RecipeBarriers() {
    }

    /** zksim's simple barrier. */
    public static BarrierUnderTest.Factory barrier() {
        return (client, path) -> new SimpleBarrier(client, path, 0);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a waiter that stops waiting after half a second and goes on
     * as if the barrier were lifted, a timeout written as "proceed" instead of "fail".
     */
    public static BarrierUnderTest.Factory impatientCanary() {
        return (client, path) -> new SimpleBarrier(client, path, Time.millis(500));
    }

    /** zksim's double barrier. */
    public static DoubleBarrierUnderTest.Factory doubleBarrier() {
        return (client, participants) -> new Participant(client, participants, Flaw.NONE);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a participant that does not count itself among those it waits
     * for, so with N participants it goes in once N - 1 have arrived, before the last one has.
     */
    public static DoubleBarrierUnderTest.Factory oneShortCanary() {
        return (client, participants) -> new Participant(client, Math.max(1, participants - 1), Flaw.NONE);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a participant that reports a given-up enter as cancelled at
     * once and enters again under a new name, putting off the removal of its first node until
     * it leaves; meanwhile that node still counts as an arrival, so the others go in before
     * every participant is there. Only give-ups expose it.
     */
    public static DoubleBarrierUnderTest.Factory hastyCancelCanary() {
        return (client, participants) -> new Participant(client, participants, Flaw.HASTY_ENTER_CANCEL);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a participant whose timed leave, once out of time, stops the
     * leave ({@link DoubleBarrier#stopLeaving}), reports it cancelled and walks away without
     * deleting its node. The lowest participant waits
     * for the highest and the others for the lowest, so whoever waits on that node waits until
     * its session ends, and a process that walked away keeps its session. Only a given-up
     * leave exposes it.
     */
    public static DoubleBarrierUnderTest.Factory leaveNodeKeptCanary() {
        return (client, participants) -> new Participant(client, participants, Flaw.LEAVE_NODE_KEPT);
    }

    /** What a participant gets wrong on purpose, if anything. */
    private enum Flaw {
        NONE,
        /** A given-up enter is reported at once and its node deleted only when the participant leaves. */
        HASTY_ENTER_CANCEL,
        /** A given-up leave is reported at once and its node stays. */
        LEAVE_NODE_KEPT
    }

    /**
     * One participant; the recipe's names are unique per session and per enter, so each
     * session, and each enter after a give-up, gets its own.
     */
    private static final class Participant implements DoubleBarrierUnderTest {
        private final TestClient client;
        private final int threshold;
        private final Flaw flaw;
        private CompletableFuture<Void> leaving;
        private DoubleBarrier barrier;
        private CompletableFuture<Void> entering;
        private int names;
        private final List<String> leftBehind = new ArrayList<>();

        Participant(TestClient client, int threshold, Flaw flaw) {
            this.client = client;
            this.threshold = threshold;
            this.flaw = flaw;
            client.connection().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    barrier = null;
                    leftBehind.clear();
                }
            });
        }

        private DoubleBarrier barrier() {
            if (barrier == null) {
                barrier = named(++names);
            }
            return barrier;
        }

        private DoubleBarrier named(int number) {
            return new DoubleBarrier(client.zk(), PATH, name(number), threshold);
        }

        /**
         * The participant is the client process, whatever its incarnation or session: the
         * barrier counts it once while a node of its lost session or crashed incarnation waits
         * for the servers to expire that session.
         */
        private String name(int number) {
            return client.id() + DoubleBarrierDecision.INSTANCE_SEPARATOR + client.uniqueName() + "s" + number;
        }

        @Override
        public CompletionStage<Void> enter() {
            DoubleBarrier mine = barrier();
            CompletableFuture<Void> outcome = new CompletableFuture<>();
            entering = outcome;
            mine.enter().whenComplete((ok, error) -> {
                if (error instanceof CancellationException && barrier == mine) {
                    barrier = null;
                } else if (error != null && barrier == mine) {
                    // The caller tries a failed enter again (its retries ran out while the
                    // client was cut off). A recipe instance enters once, so that takes a new
                    // one, under the same name: a node the failed enter made is its own again.
                    barrier = named(names);
                }
                settle(outcome, error);
            });
            return outcome;
        }

        @Override
        public void cancelEnter() {
            if (barrier == null) {
                return;
            }
            if (flaw == Flaw.HASTY_ENTER_CANCEL) {
                barrier = null;
                leftBehind.add(PATH + "/" + name(names));
                entering.completeExceptionally(new CancellationException("gave up, node left behind"));
            } else {
                barrier.cancelEnter();
            }
        }

        @Override
        public CompletionStage<Void> leave() {
            CompletableFuture<Void> cleaned = CompletableFuture.completedFuture(null);
            for (String node : leftBehind) {
                cleaned = cleaned.thenCompose(done -> client.zk().delete(node, -1).handle((ok, error) -> null));
            }
            leftBehind.clear();
            CompletableFuture<Void> outcome = new CompletableFuture<>();
            leaving = outcome;
            cleaned.thenCompose(done -> barrier().leave()).whenComplete((ok, error) -> settle(outcome, error));
            return outcome;
        }

        @Override
        public void cancelLeave() {
            if (leaving == null || leaving.isDone()) {
                return;
            }
            if (flaw == Flaw.LEAVE_NODE_KEPT) {
                if (barrier != null) {
                    barrier.stopLeaving();
                }
                leaving.completeExceptionally(new CancellationException("gave up leaving, node kept"));
            } else if (barrier != null) {
                barrier.cancelLeave();
            }
        }
    }

    /** One party on zksim's simple barrier; with a patience, a waiter that proceeds when it runs out. */
    private record SimpleBarrier(TestClient client, String path, long patience) implements BarrierUnderTest {

        @Override
        public CompletionStage<Void> raise() {
            return new Barrier(client.zk(), path).raise();
        }

        @Override
        public CompletionStage<Void> lift() {
            return new Barrier(client.zk(), path).lift();
        }

        @Override
        public CompletionStage<Boolean> isRaised() {
            return client.zk().exists(path, false).thenApply(stat -> stat != null);
        }

        @Override
        public CompletionStage<Void> awaitLifted() {
            CompletionStage<Void> lifted = new Barrier(client.zk(), path).awaitLifted();
            if (patience == 0) {
                return lifted;
            }
            CompletableFuture<Void> passed = lifted.toCompletableFuture();
            client.schedule(patience, () -> passed.complete(null));
            return passed;
        }
    }

    /** Completes the caller's stage as the recipe's completed: normally, or with its error. */
    private static void settle(CompletableFuture<Void> outcome, Throwable error) {
        if (error != null) {
            outcome.completeExceptionally(error);
        } else {
            outcome.complete(null);
        }
    }
}
