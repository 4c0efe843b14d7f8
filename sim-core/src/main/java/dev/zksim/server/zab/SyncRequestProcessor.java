package dev.zksim.server.zab;

import dev.zksim.kernel.choice.Distribution;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A follower's SyncRequestProcessor, the SyncThread of ZooKeeper: proposals are queued by the
 * QuorumPeer thread ({@code FollowerZooKeeperServer.logRequest}) and the SyncThread, in steps
 * of its own, appends what is queued to the txn log, flushes it (the group fsync of {@link
 * ZabStorage#afterSync}) and only then hands each request to the next processor (the
 * SendAckRequestProcessor, whose ACK is the callback given with the request). Requests queued
 * while a flush is under way wait for the next step, as they wait for the thread's next turn
 * in ZooKeeper. So "received", "queued", "appended", "fsynced" and "ACK sent" are separate
 * moments that the QuorumPeer thread's own steps (an epoch written, a NEWLEADER ack, a
 * shutdown) can interleave with.
 *
 * <p>Only the follower paths of the known bugs that need this grain use it (ZOOKEEPER-4394,
 * 4712, 4785); without them a follower appends at once and acks after the group fsync, which
 * is equivalent for ZooKeeper 3.9.5 and keeps the default model's trace unchanged.
 *
 * <p>{@link #shutdown} is ZooKeeper's: the QuorumPeer thread queues the request of death and
 * joins the SyncThread, which appends everything queued before it; the flush follows. Before
 * ZOOKEEPER-4712's fix nobody called it when a follower shut down, and the processor ran on
 * into the peer's next epoch.
 *
 * <pre>{@code
 * SyncRequestProcessor sync = new SyncRequestProcessor(peer, () -> deliverWhatIsLogged());
 * sync.processRequest(entry, () -> connection.send(new LearnerMessage.Ack(entry.zxid())));
 * }</pre>
 */
final class SyncRequestProcessor {
    /**
     * How long the SyncThread takes to pick up a request that was queued while it was idle:
     * a thread wake-up, microseconds to a millisecond (a flush it is busy with comes on top).
     */
    private static final Distribution WAKE_UP = new Distribution.Uniform(20, 1000);

    private record Request(LogEntry entry, Runnable afterFlush) {
    }

    private final QuorumPeer peer;
    private final ZabStorage storage;
    private final Runnable afterAppend;
    private final Deque<Request> queued = new ArrayDeque<>();
    private boolean stepScheduled;
    private boolean flushing;
    private boolean shutDown;
    private boolean leaked;

    /** A processor whose appends are followed by afterAppend (the follower delivers commits that waited for them). */
    SyncRequestProcessor(QuorumPeer peer, Runnable afterAppend) {
        this.peer = peer;
        this.storage = peer.storage();
        this.afterAppend = afterAppend;
    }

    /** Queues a txn for the log; afterFlush runs once it is durable (the ACK). Ignored after a shutdown. */
    void processRequest(LogEntry entry, Runnable afterFlush) {
        if (shutDown) {
            return;
        }
        queued.add(new Request(entry, afterFlush));
        wake();
    }

    /**
     * ZooKeeper's shutdown: the SyncThread appends everything queued before the request of
     * death and exits, and the flush makes it durable. The next processor is shut down as
     * well, so no ACK goes out for these txns.
     */
    void shutdown() {
        if (shutDown) {
            return;
        }
        shutDown = true;
        if (!queued.isEmpty()) {
            appendQueued();
            storage.afterSync(() -> {
            });
        }
    }

    /**
     * ZooKeeper before ZOOKEEPER-4712's fix: Follower.shutdown() does not shut this processor
     * down, and the peer fast-forwards its in-memory database to the log as it is at that
     * moment. The SyncThread runs on: what it still appends reaches the log file but not the
     * peer's view of its log, which is what the peer reports to the next leader; a restart
     * reads it back. No ACK goes out any more (its learner is closed).
     */
    void leak() {
        leaked = true;
    }

    private void wake() {
        if (!stepScheduled && !flushing && !shutDown) {
            stepScheduled = true;
            peer.process().schedule(peer.process().choices().stream("sync-thread").duration(WAKE_UP), this::step);
        }
    }

    /** One turn of the SyncThread: append what is queued, flush, then pass each request on. */
    private void step() {
        stepScheduled = false;
        if (shutDown || queued.isEmpty()) {
            return;
        }
        List<Request> batch = appendQueued();
        flushing = true;
        storage.afterSync(() -> {
            flushing = false;
            batch.forEach(request -> request.afterFlush().run());
            if (!queued.isEmpty()) {
                wake();
            }
        });
    }

    private List<Request> appendQueued() {
        List<Request> batch = new ArrayList<>(queued);
        queued.clear();
        for (Request request : batch) {
            if (leaked) {
                peer.logWriteBehindMemory(request.entry());
            } else {
                peer.logAppend(request.entry());
            }
        }
        afterAppend.run();
        return batch;
    }
}
