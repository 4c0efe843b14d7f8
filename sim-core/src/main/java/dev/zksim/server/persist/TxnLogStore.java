package dev.zksim.server.persist;

import dev.zksim.kernel.disk.BlobFile;
import dev.zksim.kernel.disk.Disk;
import dev.zksim.kernel.disk.LogFile;
import dev.zksim.server.tree.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A standalone server's files: one txn log of {@link Transaction} records and snapshot
 * blobs named by zero-padded zxid, so that the disk's sorted listing sorts them by zxid.
 * Recovery loads the newest snapshot that reads back whole (a torn one is skipped) and
 * replays the logged txns after it; the log's torn tail, if any, is cut first.
 */
public final class TxnLogStore {
    public static final String LOG = "txnlog";
    public static final String SNAPSHOT_PREFIX = "snapshot-";
    private static final int SNAPSHOTS_KEPT = 2;

    /** What recovery found: the database and how it got there. */
    public record Recovery(ZkDatabase database, long snapshotZxid, int replayed) {
    }

    private final Disk disk;
    private final LogFile log;

    public TxnLogStore(Disk disk) {
        this.disk = disk;
        this.log = disk.log(LOG);
    }

    public Recovery recover() {
        return recover(ZkDatabase::fresh);
    }

    /** Recovers from the newest snapshot, or from this fresh database when there is none, then the log. */
    public Recovery recover(Supplier<ZkDatabase> fresh) {
        Optional<DatabaseSnapshot> snapshot = newestSnapshot();
        ZkDatabase database = snapshot.map(ZkDatabase::restore).orElseGet(fresh);
        long snapshotZxid = database.lastProcessedZxid();
        int replayed = 0;
        for (Object record : log.recover()) {
            Transaction transaction = (Transaction) record;
            if (transaction.zxid() > database.lastProcessedZxid()) {
                database.apply(transaction);
                replayed++;
            }
        }
        return new Recovery(database, snapshotZxid, replayed);
    }

    public void append(Transaction transaction) {
        log.append(transaction);
    }

    public void fsync() {
        log.fsync();
    }

    /** Writes and fsyncs a snapshot, then deletes all but the newest few. */
    public void writeSnapshot(DatabaseSnapshot snapshot) {
        BlobFile file = disk.blob(SNAPSHOT_PREFIX + paddedHex(snapshot.lastProcessedZxid()));
        file.write(snapshot);
        file.fsync();
        List<String> names = snapshotNames();
        for (int i = 0; i < names.size() - SNAPSHOTS_KEPT; i++) {
            disk.deleteBlob(names.get(i));
        }
    }

    /** Snapshot file names, oldest first. */
    public List<String> snapshotNames() {
        List<String> names = new ArrayList<>();
        for (String name : disk.blobNames()) {
            if (name.startsWith(SNAPSHOT_PREFIX)) {
                names.add(name);
            }
        }
        return names;
    }

    private Optional<DatabaseSnapshot> newestSnapshot() {
        List<String> names = snapshotNames();
        for (int i = names.size() - 1; i >= 0; i--) {
            Optional<Object> content = disk.blob(names.get(i)).read();
            if (content.isPresent()) {
                return Optional.of((DatabaseSnapshot) content.get());
            }
        }
        return Optional.empty();
    }

    private static String paddedHex(long zxid) {
        String hex = Long.toHexString(zxid);
        return "0".repeat(16 - hex.length()) + hex;
    }
}
