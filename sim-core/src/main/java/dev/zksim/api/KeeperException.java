package dev.zksim.api;

import java.util.List;

/**
 * A failed ZooKeeper operation, carrying ZooKeeper's error code and the client-side path.
 * Asynchronous calls complete exceptionally with one of these; {@link #code()} is what
 * recipes switch on. A failed multi completes with an instance made by
 * {@link #forMulti(List)}: its code is that of the first failing op, its path is null, and
 * {@link #getResults()} holds the full result list, like ZooKeeper's
 * {@code KeeperException.getResults()}.
 */
public class KeeperException extends Exception {
    private static final long serialVersionUID = 1L;

    /** ZooKeeper's error codes with their names and wire values (KeeperException.Code). */
    public enum Code {
        OK(0),
        SYSTEMERROR(-1),
        RUNTIMEINCONSISTENCY(-2),
        DATAINCONSISTENCY(-3),
        CONNECTIONLOSS(-4),
        MARSHALLINGERROR(-5),
        UNIMPLEMENTED(-6),
        OPERATIONTIMEOUT(-7),
        BADARGUMENTS(-8),
        UNKNOWNSESSION(-12),
        NEWCONFIGNOQUORUM(-13),
        RECONFIGINPROGRESS(-14),
        APIERROR(-100),
        NONODE(-101),
        NOAUTH(-102),
        BADVERSION(-103),
        NOCHILDRENFOREPHEMERALS(-108),
        NODEEXISTS(-110),
        NOTEMPTY(-111),
        SESSIONEXPIRED(-112),
        INVALIDCALLBACK(-113),
        INVALIDACL(-114),
        AUTHFAILED(-115),
        SESSIONMOVED(-118),
        NOTREADONLY(-119),
        EPHEMERALONLOCALSESSION(-120),
        NOWATCHER(-121),
        REQUESTTIMEOUT(-122),
        RECONFIGDISABLED(-123),
        SESSIONCLOSEDREQUIRESASLAUTH(-124),
        QUOTAEXCEEDED(-125),
        THROTTLEDOP(-127);

        private final int intValue;

        Code(int intValue) {
            this.intValue = intValue;
        }

        public int intValue() {
            return intValue;
        }

        /** values() copies the array on every call; every reply looks its code up. */
        private static final Code[] ALL = values();

        /** The code with this wire value; an unknown value is a bug in the caller. */
        public static Code get(int value) {
            for (Code code : ALL) {
                if (code.intValue == value) {
                    return code;
                }
            }
            throw new IllegalArgumentException("Unknown KeeperException code: " + value);
        }
    }

    private final Code code;
    private final String path;
    private final List<OpResult> results;

    public KeeperException(Code code, String path) {
        this(code, path, null);
    }

    private KeeperException(Code code, String path, List<OpResult> results) {
        super(describe(code, path), null, false, false);
        this.code = code;
        this.path = path;
        this.results = results;
    }

    /**
     * The exception a failed multi completes with. Its code is the first non-zero
     * ErrorResult in the list (the failing op), as the Java client throws it.
     */
    public static KeeperException forMulti(List<OpResult> results) {
        for (OpResult result : results) {
            if (result instanceof OpResult.ErrorResult error && error.err() != 0) {
                return new KeeperException(error.code(), null, List.copyOf(results));
            }
        }
        throw new IllegalArgumentException("A failed multi has a non-zero ErrorResult: " + results);
    }

    public static KeeperException create(Code code, String path) {
        return new KeeperException(code, path);
    }

    public static KeeperException create(Code code) {
        return new KeeperException(code, null);
    }

    public Code code() {
        return code;
    }

    /** The path the failed call was made with, or null (multi, session calls). */
    public String getPath() {
        return path;
    }

    /** The full result list of a failed multi, or null for any other failure. */
    public List<OpResult> getResults() {
        return results;
    }

    private static String describe(Code code, String path) {
        String text = "KeeperErrorCode = " + code;
        return path == null ? text : text + " for " + path;
    }
}
