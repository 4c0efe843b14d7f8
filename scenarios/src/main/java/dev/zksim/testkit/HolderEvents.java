package dev.zksim.testkit;

/**
 * What a holder-style recipe (a lock, a semaphore, a leader election) tells its caller unasked.
 * The testkit records each call in the history, where the checkers judge it: a belief starts
 * with {@link #held} and ends with {@link #suspended}, {@link #lost} or {@link #released}.
 * Call them on the simulation thread, as the recipe learns the fact.
 */
public interface HolderEvents {

    /**
     * The recipe holds (again), without the caller having asked just now: for example after
     * SUSPENDED, once the connection is back and the recipe has checked that its node is still
     * there. Not needed when the caller's own acquire completes.
     *
     * @param token the fencing token of the grant (0 if the recipe has none)
     */
    void held(long token);

    /** The connection is down: the holder must stop acting as one until it holds again. */
    void suspended();

    /** The hold is gone for good (the session expired, or the node was deleted). */
    void lost();

    /** The recipe gave the hold up without being asked to release (e.g. it was revoked). */
    void released();

    /** Events that nobody listens to, for tests of a recipe on its own. */
    static HolderEvents ignored() {
        return new HolderEvents() {
            @Override
            public void held(long token) {
            }

            @Override
            public void suspended() {
            }

            @Override
            public void lost() {
            }

            @Override
            public void released() {
            }
        };
    }
}
