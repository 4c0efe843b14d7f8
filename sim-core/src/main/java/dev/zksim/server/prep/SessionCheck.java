package dev.zksim.server.prep;

import dev.zksim.api.KeeperException.Code;

/**
 * The session tracker's verdict on the requesting session, supplied by the caller
 * because sessions live outside the preparer. It is consulted at the point of each
 * operation's check order where ZooKeeper calls checkSession.
 */
public enum SessionCheck {
    /** The session is live and owned by the connection the request came from. */
    OK,
    /** The session is being closed (a closeSession was prepared): SessionExpired. */
    CLOSING,
    /** The tracker does not know the session: UnknownSession (SessionExpired for an ephemeral create). */
    UNKNOWN,
    /** The session is owned by another server's connection: SessionMoved. */
    MOVED;

    /** The error this verdict raises, or null for OK. */
    Code failure(boolean ephemeralCreate) {
        return switch (this) {
            case OK -> null;
            case CLOSING -> Code.SESSIONEXPIRED;
            case UNKNOWN -> ephemeralCreate ? Code.SESSIONEXPIRED : Code.UNKNOWNSESSION;
            case MOVED -> Code.SESSIONMOVED;
        };
    }
}
