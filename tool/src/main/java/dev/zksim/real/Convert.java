package dev.zksim.real;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperState;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.ZooDefs;

/**
 * Value conversions between zksim's API types and the official ZooKeeper client's. Codes,
 * event types and states are mapped by their wire values, which both sides share, so a
 * value zksim does not know is a loud error rather than a silent mismatch.
 */
final class Convert {
    private Convert() {
    }

    /** Copies a ZooKeeper Stat field by field; null stays null (exists on a missing node). */
    static Stat stat(org.apache.zookeeper.data.Stat s) {
        if (s == null) {
            return null;
        }
        return new Stat(s.getCzxid(), s.getMzxid(), s.getCtime(), s.getMtime(), s.getVersion(),
            s.getCversion(), s.getAversion(), s.getEphemeralOwner(), s.getDataLength(),
            s.getNumChildren(), s.getPzxid());
    }

    /** ZooKeeper's result code as zksim's exception, carrying the client-side path. */
    static KeeperException failure(int rc, String path) {
        return KeeperException.create(KeeperException.Code.get(rc), path);
    }

    static WatchedEvent event(org.apache.zookeeper.WatchedEvent e) {
        return new WatchedEvent(
            EventType.fromInt(e.getType().getIntValue()),
            KeeperState.fromInt(e.getState().getIntValue()),
            e.getPath(),
            e.getZxid());
    }

    static org.apache.zookeeper.CreateMode mode(CreateMode mode) {
        return switch (mode) {
            case PERSISTENT -> org.apache.zookeeper.CreateMode.PERSISTENT;
            case EPHEMERAL -> org.apache.zookeeper.CreateMode.EPHEMERAL;
            case PERSISTENT_SEQUENTIAL -> org.apache.zookeeper.CreateMode.PERSISTENT_SEQUENTIAL;
            case EPHEMERAL_SEQUENTIAL -> org.apache.zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL;
            case CONTAINER -> org.apache.zookeeper.CreateMode.CONTAINER;
            case PERSISTENT_WITH_TTL -> org.apache.zookeeper.CreateMode.PERSISTENT_WITH_TTL;
            case PERSISTENT_SEQUENTIAL_WITH_TTL -> org.apache.zookeeper.CreateMode.PERSISTENT_SEQUENTIAL_WITH_TTL;
        };
    }

    /**
     * The data handed to ZooKeeper. The client serialises it later, on its send thread, so
     * it gets its own copy: the caller may reuse its array as soon as the call returns.
     */
    static byte[] copy(byte[] data) {
        return data == null ? null : data.clone();
    }

    /** One zksim op as a ZooKeeper op; every node gets world:anyone, as in the simulation. */
    static org.apache.zookeeper.Op op(Op op) {
        return switch (op) {
            case Op.Create c -> org.apache.zookeeper.Op.create(
                c.path(), copy(c.data()), ZooDefs.Ids.OPEN_ACL_UNSAFE, mode(c.mode()));
            case Op.CreateTtl c -> org.apache.zookeeper.Op.create(
                c.path(), copy(c.data()), ZooDefs.Ids.OPEN_ACL_UNSAFE, mode(c.mode()), c.ttl());
            case Op.Delete d -> org.apache.zookeeper.Op.delete(d.path(), d.version());
            case Op.SetData s -> org.apache.zookeeper.Op.setData(s.path(), copy(s.data()), s.version());
            case Op.Check c -> org.apache.zookeeper.Op.check(c.path(), c.version());
        };
    }

    static List<org.apache.zookeeper.Op> ops(List<Op> ops) {
        List<org.apache.zookeeper.Op> converted = new ArrayList<>(ops.size());
        for (Op op : ops) {
            converted.add(op(op));
        }
        return converted;
    }

    static List<OpResult> results(List<org.apache.zookeeper.OpResult> results) {
        List<OpResult> converted = new ArrayList<>(results.size());
        for (org.apache.zookeeper.OpResult result : results) {
            converted.add(result(result));
        }
        return List.copyOf(converted);
    }

    /**
     * One multi result. Read results cannot occur because zksim ops are writes and checks
     * only, so anything else is a bug worth failing the call for.
     */
    static OpResult result(org.apache.zookeeper.OpResult result) {
        return switch (result) {
            case org.apache.zookeeper.OpResult.CreateResult c -> new OpResult.CreateResult(c.getPath());
            case org.apache.zookeeper.OpResult.DeleteResult d -> new OpResult.DeleteResult();
            case org.apache.zookeeper.OpResult.SetDataResult s -> new OpResult.SetDataResult(stat(s.getStat()));
            case org.apache.zookeeper.OpResult.CheckResult c -> new OpResult.CheckResult();
            case org.apache.zookeeper.OpResult.ErrorResult e -> new OpResult.ErrorResult(e.getErr());
            default -> throw new IllegalStateException("Unexpected multi result type: " + result);
        };
    }
}
