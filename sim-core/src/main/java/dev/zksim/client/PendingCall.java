package dev.zksim.client;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.client.watch.WatchRegistration;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.Response;

/**
 * One request between submission and completion: its xid, what it asks, the watch to
 * register if the reply's code allows it (null for none), and what to do with the outcome.
 */
record PendingCall(int xid, Operation operation, WatchRegistration watch, Completion completion) {

    /** Receives the outcome: the reply's code and body, or a local failure with a null body. */
    @FunctionalInterface
    interface Completion {
        void settle(Code code, Response response);
    }

    /** The operation's name for the trace, without its data. */
    String operationName() {
        return operation.getClass().getSimpleName();
    }
}
