package dev.zksim.server.tree;

import java.util.List;

/**
 * The result of {@link DataTree#apply(Transaction)}: the header (for the reply's zxid and
 * session), the outcome, and the watch triggers in firing order.
 */
public record ApplyResult(TxnHeader header, TxnOutcome outcome, List<WatchTrigger> triggers) {
    public ApplyResult {
        triggers = List.copyOf(triggers);
    }

    public long zxid() {
        return header.zxid();
    }
}
