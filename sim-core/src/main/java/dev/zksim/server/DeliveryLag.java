package dev.zksim.server;

import dev.zksim.kernel.Timer;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.tree.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The lag fault of a quorum follower: for a while, txns Zab delivers as committed are held
 * back instead of applied, and then applied all at once, in order. Zab keeps logging and
 * acking proposals meanwhile, so the quorum does not notice; only this server's clients do,
 * through stale reads (which ZooKeeper allows) and late answers to their own writes. When
 * no lag is armed, deliveries go straight through.
 */
final class DeliveryLag {
    private final SimProcess process;
    private final Consumer<Transaction> apply;
    private final List<Transaction> backlog = new ArrayList<>();
    private long until;
    private Timer timer;

    DeliveryLag(SimProcess process, Consumer<Transaction> apply) {
        this.process = process;
        this.apply = apply;
    }

    /** A committed txn: applied now, unless a lag holds it (or earlier held ones) back. */
    void deliver(Transaction transaction) {
        if (backlog.isEmpty() && process.now() >= until) {
            apply.accept(transaction);
        } else {
            backlog.add(transaction);
        }
    }

    /** Holds back applications until durationMicros from now (extending a running lag). */
    void lagFor(long durationMicros) {
        until = Math.max(until, process.now() + durationMicros);
        if (timer != null) {
            timer.cancel();
        }
        timer = process.timer(until - process.now(), this::flush);
    }

    /** Ends the lag: applies everything held back, in delivery order. */
    void flush() {
        stopTimer();
        List<Transaction> held = List.copyOf(backlog);
        backlog.clear();
        held.forEach(apply);
    }

    /** Ends the lag and forgets what it held: the state is being replaced. */
    void discard() {
        stopTimer();
        backlog.clear();
    }

    private void stopTimer() {
        until = 0;
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    /** The delivered txns not applied yet, oldest first. */
    List<Transaction> held() {
        return List.copyOf(backlog);
    }
}
