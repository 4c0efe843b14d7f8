package dev.zksim.kernel.disk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.choice.ChoiceLog;
import dev.zksim.kernel.choice.ReplayingChoices;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiskTest {

    @Test
    void aCrashLosesExactlyWhatWasNotFsynced() {
        Disk disk = new Disk(CrashPolicy.LOSE_UNSYNCED);
        LogFile log = disk.log("txns");
        log.append("a");
        log.append("b");
        log.fsync();
        log.append("c");
        assertThat(log.records()).as("the running process sees its own writes").containsExactly("a", "b", "c");
        disk.crash(new SeededChoices(1));
        assertThat(log.recover()).containsExactly("a", "b");
        assertThat(log.syncedSize()).isEqualTo(2);
    }

    @Test
    void theRealisticPolicyKeepsSomePrefixOfTheUnsyncedTailAndNeverLosesSyncedRecords() {
        boolean sawPartialKeep = false;
        for (long seed = 0; seed < 200; seed++) {
            Disk disk = new Disk(CrashPolicy.KEEP_PREFIX_AND_TEAR);
            LogFile log = disk.log("txns");
            List.of("a", "b", "c", "d", "e").forEach(log::append);
            log.fsync();
            List.of("f", "g", "h").forEach(log::append);
            disk.crash(new SeededChoices(seed));
            List<Object> survived = log.recover();
            assertThat(survived).startsWith("a", "b", "c", "d", "e");
            assertThat(List.<Object>of("a", "b", "c", "d", "e", "f", "g", "h").subList(0, survived.size())).isEqualTo(survived);
            sawPartialKeep |= survived.size() > 5 && survived.size() < 8;
        }
        assertThat(sawPartialKeep).isTrue();
    }

    @Test
    void aTornRecordIsCutOffOnRecovery() {
        ChoiceLog keepOneThenTear = new ChoiceLog();
        keepOneThenTear.append("", 4, 1);   // keep 1 of the 3 unsynced records
        keepOneThenTear.append("", 2, 1);   // and tear the next one
        Disk disk = new Disk(CrashPolicy.KEEP_PREFIX_AND_TEAR);
        LogFile log = disk.log("txns");
        log.append("synced");
        log.fsync();
        List.of("x", "y", "z").forEach(log::append);
        disk.crash(new ReplayingChoices(keepOneThenTear));
        assertThat(log.records()).containsExactly("synced", "x", LogFile.TORN);
        assertThat(log.recover()).containsExactly("synced", "x");
    }

    @Test
    void truncateCutsTheLogAndItsDurablePrefix() {
        LogFile log = new Disk(CrashPolicy.LOSE_UNSYNCED).log("txns");
        List.of(1, 2, 3, 4).forEach(log::append);
        log.fsync();
        log.truncate(2);
        assertThat(log.records()).containsExactly(1, 2);
        assertThat(log.syncedSize()).isEqualTo(2);
        assertThatThrownBy(() -> log.truncate(5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anUnsyncedBlobWriteIsLostAndTheOldContentStays() {
        Disk disk = new Disk(CrashPolicy.LOSE_UNSYNCED);
        BlobFile snapshot = disk.blob("snapshot.1");
        snapshot.write("v1");
        snapshot.fsync();
        snapshot.write("v2");
        assertThat(snapshot.read()).contains("v2");
        disk.crash(new SeededChoices(1));
        assertThat(snapshot.read()).contains("v1");
        assertThat(disk.blobNames()).containsExactly("snapshot.1");
    }

    @Test
    void aTornBlobReadsAsUnreadable() {
        ChoiceLog tear = new ChoiceLog();
        tear.append("", 2, 1);
        Disk disk = new Disk(new CrashPolicy(false, true));
        BlobFile snapshot = disk.blob("snapshot.2");
        snapshot.write("half written");
        disk.crash(new ReplayingChoices(tear));
        assertThat(snapshot.isTorn()).isTrue();
        assertThat(snapshot.read()).isEmpty();
    }

    @Test
    void fileNamesAreListedSorted() {
        Disk disk = new Disk(CrashPolicy.LOSE_UNSYNCED);
        disk.log("log.200");
        disk.log("log.100");
        disk.blob("snap.b").write(1);
        disk.blob("snap.a").write(2);
        disk.blob("empty");
        assertThat(disk.logNames()).containsExactly("log.100", "log.200");
        assertThat(disk.blobNames()).containsExactly("snap.a", "snap.b");
    }
}
