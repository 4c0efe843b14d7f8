package dev.zksim.testkit;

import java.util.concurrent.CompletionStage;

/**
 * The contract of a double barrier under test: one instance is one participant of one round
 * for a fixed number of participants. After its session is lost the workload opens a new
 * session and, if the participant had not left yet, calls {@link #enter} again on the same
 * instance (the round's participants may all have arrived by then, so it must let it in).
 * On some seeds a participant gives an enter up ({@link #cancelEnter}) and, a little later,
 * calls {@link #enter} again on the same instance, as a caller whose wait timed out retries.
 * An enter or a leave that fails (a recipe's retries run out while its client is cut off) is
 * called again on the same instance too, a little later: a participant that stopped trying
 * would keep every other one waiting.
 * On some seeds a participant gives a leave up ({@link #cancelLeave}), as a caller of a
 * timed leave whose time ran out, and is done with the round.
 *
 * <p>That new {@link #enter} after a lost session does not wait for the lost session's calls:
 * the enter (or leave) the participant was in when its session was lost may still be pending,
 * because a recipe need not answer a call whose session is gone. Two enters on one instance
 * can therefore be under way at once; the later one must start over on the new session, and
 * the workload ignores whatever the older one does from then on.
 */
public interface DoubleBarrierUnderTest {

    /** Arrives; completes once every participant has arrived, and the participant may compute. */
    CompletionStage<Void> enter();

    /** Finished computing; completes once every participant that entered has finished too. */
    CompletionStage<Void> leave();

    /**
     * Gives up the enter under way, as a caller that timed out or was cancelled does. The
     * enter's stage must then complete: with a {@link java.util.concurrent.CancellationException}
     * once this participant no longer counts as arrived (its arrival withdrawn, so nobody can
     * go in on its account from then on), or normally if it had got in before the give-up took
     * effect (it then computes and leaves as usual). A participant whose cancelled enter still
     * counts lets the others in before every participant is there, and the barrier check says
     * so. The default does nothing, and the enter goes on until the barrier opens.
     */
    default void cancelEnter() {
    }

    /**
     * Gives up the leave under way, as a caller of a timed leave whose time ran out does. The
     * leave's stage must then complete: with a {@link java.util.concurrent.CancellationException}
     * once this participant holds nobody back any more (its node is gone, so no one waits for
     * it), or normally if it had left before the give-up took effect. The participant is done
     * with the round either way: it computed, and it no longer waits to learn whether the
     * others have. A participant that walks away and leaves its node behind keeps the others
     * waiting for it, and the liveness check says so. The default does nothing, and the leave
     * goes on until every participant has left.
     */
    default void cancelLeave() {
    }

    /** Builds one participant of a barrier for {@code participants} processes. */
    @FunctionalInterface
    interface Factory {
        DoubleBarrierUnderTest create(TestClient client, int participants);
    }
}
