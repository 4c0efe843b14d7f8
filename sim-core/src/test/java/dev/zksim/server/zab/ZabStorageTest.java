package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.process.SimProcess;
import org.junit.jupiter.api.Test;

/**
 * The log file apart from the peer's view of it: what a SyncThread that outlived its follower
 * (ZOOKEEPER-4712) writes is in the file but not in the view, and a TRUNC cuts the file where
 * ZooKeeper's FileTxnLog.truncate would, at its first record above the zxid.
 */
class ZabStorageTest {
    private static final LogEntry A = new LogEntry(Zxid.make(1, 1), "a");
    private static final LogEntry B = new LogEntry(Zxid.make(1, 2), "b");
    private static final LogEntry C = new LogEntry(Zxid.make(1, 3), "c");
    private static final LogEntry D = new LogEntry(Zxid.make(2, 1), "d");

    private final ZabStorage storage = new ZabStorage(
            new SimProcess(new Simulation(new SeededChoices(1)), "s1", process -> () -> {
            }, CrashPolicy.LOSE_UNSYNCED),
            ZabConfig.defaults(1, ZabConfig.namedMembers(3)));

    @Test
    void aRecordWrittenBehindThePeersViewIsInTheFileOnly() {
        storage.append(A);
        assertThat(storage.lastWrittenZxid()).isEqualTo(A.zxid());
        storage.writeBehindMemory(B);
        assertThat(storage.lastZxid()).isEqualTo(A.zxid());
        assertThat(storage.lastWrittenZxid()).isEqualTo(B.zxid());
        assertThat(storage.entries()).containsExactly(A);
    }

    @Test
    void aTruncCutsTheFileAtItsFirstRecordAboveTheZxid() {
        storage.append(A);
        storage.append(B);
        storage.writeBehindMemory(C);
        storage.truncateAfter(A.zxid());
        assertThat(storage.entries()).containsExactly(A);
        assertThat(storage.lastWrittenZxid()).isEqualTo(A.zxid());

        storage.writeBehindMemory(B);
        storage.append(D);
        storage.truncateAfter(B.zxid());
        // The view never held B, so it keeps A; the file keeps the B written behind it.
        assertThat(storage.entries()).containsExactly(A);
        assertThat(storage.lastWrittenZxid()).isEqualTo(B.zxid());
    }
}
