package dev.zksim.recipes.election;

/**
 * How a candidate that found no predecessor acknowledges its leadership in the ack znode:
 * create it, overwrite it conditionally on the version it read, or nothing to do because it
 * already names this candidate (a repeated takeover after a reconnect or a lost reply).
 */
public sealed interface Takeover {

    record CreateAck() implements Takeover {
    }

    record OverwriteAck(int expectedVersion) implements Takeover {
    }

    record AlreadyAcknowledged(long epoch) implements Takeover {
    }
}
