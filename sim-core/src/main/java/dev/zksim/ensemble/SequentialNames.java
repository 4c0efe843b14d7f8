package dev.zksim.ensemble;

import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Simulation;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.tree.ZnodePaths;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sequential names are unique per parent, checked on the server side over the committed
 * history rather than on what recipes saw. ZooKeeper names a sequential child after its
 * parent's child counter (the internal cversion, which every child create raises), and a
 * committed sequential create carries that counter plus one as the parent's new cversion; so
 * within one incarnation of a parent (from its create to its delete) the counters of its
 * committed sequential creates must rise strictly. A counter that repeats or goes back is a
 * name that two creates can share: what a lost, duplicated or replayed txn in the leader's
 * history shows. Only the newest committed zxid is judged (commits arrive in zxid order); a
 * negative counter, after 2^31 child changes, is ZooKeeper's own wrap-around and is not judged.
 */
final class SequentialNames {
    private static final int SUFFIX = 10;

    private final Simulation simulation;
    /** The last sequential counter committed under each parent, in the parent's current incarnation. */
    private final Map<String, Integer> lastCounter = new LinkedHashMap<>();
    private long lastZxid;

    SequentialNames(Simulation simulation) {
        this.simulation = simulation;
    }

    /** A peer delivered this committed txn; the first delivery of a zxid newer than any before is judged. */
    void delivered(long zxid, Object payload) {
        if (zxid <= lastZxid || !(payload instanceof Transaction transaction)) {
            return;
        }
        lastZxid = zxid;
        judge(zxid, transaction.txn());
    }

    private void judge(long zxid, Txn txn) {
        switch (txn) {
            case Txn.CreateTxn create -> created(zxid, create);
            case Txn.DeleteTxn delete -> lastCounter.remove(delete.path());
            case Txn.MultiTxn multi -> multi.txns().forEach(inner -> judge(zxid, inner));
            default -> {
                // Other txns neither name nor end a parent's children.
            }
        }
    }

    private void created(long zxid, Txn.CreateTxn create) {
        int counter = sequenceCounter(create);
        if (counter < 0) {
            return;
        }
        String parent = ZnodePaths.parentOf(create.path());
        Integer last = lastCounter.put(parent, counter);
        if (last != null && counter <= last) {
            throw SimulationFailure.safety(simulation.now(), "ensemble self-check failed: sequential name " + create.path()
                    + " committed at zxid 0x" + Long.toHexString(zxid) + " reuses counter " + counter + " of " + parent
                    + ", whose last sequential child had counter " + last + " (sequential names must be unique per parent)");
        }
    }

    /** The counter in a sequential create's name, or -1 if the create is not sequential (or wrapped). */
    private static int sequenceCounter(Txn.CreateTxn create) {
        String path = create.path();
        if (create.parentCVersion() <= 0 || path.length() <= SUFFIX) {
            return -1;
        }
        int counter = 0;
        for (int i = path.length() - SUFFIX; i < path.length(); i++) {
            char digit = path.charAt(i);
            if (digit < '0' || digit > '9') {
                return -1;
            }
            counter = counter * 10 + (digit - '0');
            if (counter < 0) {
                return -1;
            }
        }
        return counter == create.parentCVersion() - 1 ? counter : -1;
    }
}
