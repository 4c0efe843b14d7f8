package dev.zksim.kernel;

/**
 * A pending event that can say what it will do, as a hash, for the explorer's abstract state
 * ({@link Simulation#pendingDigest()}). Events that do not implement it are known by their
 * due time only. The hash must depend only on values (ids, kinds, numbers), never on object
 * identity, so that equal states reached in different runs hash the same.
 */
public interface PendingDescription {

    /** A hash of what this event will do when it runs. */
    long stateHash();
}
