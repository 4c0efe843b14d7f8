package dev.zksim.history;

/**
 * Whether an op starts or ends an operation. The three completions follow Jepsen: OK means
 * the operation took effect, FAIL means it certainly did not, and INFO means the client
 * cannot tell (a create whose reply was lost to a connection loss may or may not have run).
 */
public enum OpType {
    INVOKE,
    OK,
    FAIL,
    INFO;

    /** The lower-case word used in printouts, as Jepsen prints :ok or :info. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public boolean isCompletion() {
        return this != INVOKE;
    }
}
