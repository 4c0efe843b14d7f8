package dev.zksim.server.persist;

import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.disk.SnapshotSchedule;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.CommitListener;
import dev.zksim.server.TxnCommitter;
import dev.zksim.server.tree.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The standalone commit path (ZooKeeper's SyncRequestProcessor): append the txn to the log,
 * fsync, and only then hand it to the listener, so that nothing is applied or answered
 * before it is durable (reference 5.6). Txns that arrive while an fsync is pending join it
 * (group commit). A snapshot of the database is written when the {@link SnapshotSchedule}
 * says so (after snapCount/2 plus a drawn share of snapCount/2 handed-over txns), after the
 * listener applied the txn that completes the count.
 */
public final class LocalCommitter implements TxnCommitter {
    private final SimProcess process;
    private final TxnLogStore store;
    private final Distribution fsyncLatency;
    private final Choices fsyncChoices;
    private final SnapshotSchedule schedule;
    private final Supplier<DatabaseSnapshot> snapshots;
    private List<Transaction> unsynced = new ArrayList<>();
    private CommitListener listener;
    private boolean flushScheduled;
    private boolean stopped;

    public LocalCommitter(SimProcess process, TxnLogStore store, Distribution fsyncLatency, int snapCount,
            Supplier<DatabaseSnapshot> snapshots) {
        this.process = process;
        this.store = store;
        this.fsyncLatency = fsyncLatency;
        this.fsyncChoices = process.choices().stream("fsync");
        this.schedule = new SnapshotSchedule(snapCount, process.choices());
        this.snapshots = snapshots;
    }

    /** Set once, before the first commit: whoever applies the committed txns. */
    public void setListener(CommitListener listener) {
        this.listener = listener;
    }

    @Override
    public void commit(Transaction transaction) {
        if (stopped) {
            return;
        }
        store.append(transaction);
        unsynced.add(transaction);
        if (!flushScheduled) {
            flushScheduled = true;
            long latency = fsyncLatency == null ? 0 : fsyncLatency.sample(fsyncChoices);
            process.schedule(latency, this::flush);
        }
    }

    private void flush() {
        flushScheduled = false;
        if (stopped) {
            return;
        }
        store.fsync();
        // The batch is handed over whole, not copied: what the listener commits meanwhile
        // starts the next batch.
        List<Transaction> batch = unsynced;
        unsynced = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            Transaction transaction = batch.get(i);
            listener.committed(transaction);
            if (schedule.countTxn()) {
                store.writeSnapshot(snapshots.get());
            }
        }
    }

    @Override
    public void shutdown() {
        stopped = true;
        unsynced.clear();
    }
}
