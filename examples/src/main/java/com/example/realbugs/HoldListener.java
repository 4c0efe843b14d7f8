package com.example.realbugs;

/** What a lock, a semaphore or an election of this package tells its owner unasked. */
public interface HoldListener {
    /** Held again after a reconnect, once the node was found still there. */
    void held(long token);

    /** The connection is down: stop acting as the holder until {@link #held} or {@link #lost}. */
    void suspended();

    /** The hold is gone for good. */
    void lost();
}
