package dev.zksim.client;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.kernel.trace.TraceEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The client's two request queues, as in ZooKeeper's ClientCnxn: outgoing holds calls made
 * while no session connection is up, in-flight holds calls sent and awaiting their reply.
 * Replies arrive in send order on a FIFO connection, so the head of in-flight must match.
 */
final class RequestQueue {
    private final ArrayDeque<PendingCall> outgoing = new ArrayDeque<>();
    private final ArrayDeque<PendingCall> inFlight = new ArrayDeque<>();
    private final Consumer<TraceEvent> trace;
    private int lastXid;

    /** @param trace where completions are recorded (the client process's trace) */
    RequestQueue(Consumer<TraceEvent> trace) {
        this.trace = trace;
    }

    /** The next request xid; ZooKeeper numbers requests from 1. */
    int nextXid() {
        lastXid++;
        return lastXid;
    }

    /** Whether no call waits to be sent or for its reply. */
    boolean isEmpty() {
        return outgoing.isEmpty() && inFlight.isEmpty();
    }

    void enqueue(PendingCall call) {
        outgoing.add(call);
    }

    /** The oldest queued call, or null. */
    PendingCall pollOutgoing() {
        return outgoing.poll();
    }

    void sent(PendingCall call) {
        inFlight.add(call);
    }

    /** The call the next reply must answer, or null. */
    PendingCall peekInFlight() {
        return inFlight.peek();
    }

    PendingCall pollInFlight() {
        return inFlight.poll();
    }

    /** Removes every call, in-flight ones first (they were issued earlier), then queued ones. */
    List<PendingCall> drain() {
        List<PendingCall> all = new ArrayList<>(inFlight);
        all.addAll(outgoing);
        inFlight.clear();
        outgoing.clear();
        return all;
    }

    /** Completes one call locally, with no reply body (ConnectionLoss, SessionExpired). */
    void fail(PendingCall call, Code code) {
        trace.accept(new ClientEvent.RequestCompleted(call.xid(), code));
        call.completion().settle(code, null);
    }

    /**
     * Fails every call, in-flight ones first. The queues are emptied before any completion
     * runs, so a call made from a completion callback lands in a fresh queue.
     */
    void failAll(Code code) {
        for (PendingCall call : drain()) {
            fail(call, code);
        }
    }

    int inFlightCount() {
        return inFlight.size();
    }

    int outgoingCount() {
        return outgoing.size();
    }
}
