package dev.zksim.server.zab;

/** The state of a peer as fast leader election knows it. */
public enum Role {
    LOOKING, FOLLOWING, LEADING
}
