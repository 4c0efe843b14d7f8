package dev.zksim.server;

/**
 * What a server is doing, as the srvr four-letter word reports it: a standalone server, or
 * a quorum member that is looking for a leader, following one, or leading.
 */
public enum ServerRole {
    STANDALONE, LOOKING, FOLLOWING, LEADING
}
