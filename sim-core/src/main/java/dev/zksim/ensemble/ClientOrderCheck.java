package dev.zksim.ensemble;

import dev.zksim.api.KeeperException;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.client.ClientObserver;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Simulation;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.Response;
import dev.zksim.protocol.ServerPacket;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The per-client self-checks of one handle, fed every reply and notification as it arrives:
 * replies come back in request order, the last zxid a client sees never goes back (not even
 * across servers), and a watch event arrives before any read reply that reflects the change
 * that triggered it (reference 3.4). A violation fails the run at once.
 */
final class ClientOrderCheck implements ClientObserver {
    private final Simulation simulation;
    private final String client;
    private final AckedWrites acked;
    /** Armed watches per path: the reply zxid of the read that set them. */
    private final Map<String, Long> dataWatches = new LinkedHashMap<>();
    private final Map<String, Long> existWatches = new LinkedHashMap<>();
    private final Map<String, Long> childWatches = new LinkedHashMap<>();
    private long lastZxid;
    private int lastXid;

    ClientOrderCheck(Simulation simulation, String client, AckedWrites acked) {
        this.simulation = simulation;
        this.client = client;
        this.acked = acked;
    }

    @Override
    public void replied(long sessionId, Operation operation, ServerPacket.Reply reply) {
        checkOrder(reply);
        checkReadAgainstWatches(operation, reply);
        armWatch(operation, reply);
        if (operation.isWrite() && reply.err() == KeeperException.Code.OK.intValue() && reply.xid() > 0) {
            acked.add(new AckedWrites.Ack(client, reply.zxid(), sessionId, reply.xid(), operation.getClass().getSimpleName()));
        }
    }

    private void checkOrder(ServerPacket.Reply reply) {
        if (reply.xid() > 0) {
            if (reply.xid() <= lastXid) {
                fail("reply to xid " + reply.xid() + " arrived after the reply to xid " + lastXid);
            }
            lastXid = reply.xid();
        }
        if (reply.zxid() > 0) {
            if (reply.zxid() < lastZxid) {
                fail("last zxid went back from 0x" + Long.toHexString(lastZxid) + " to 0x" + Long.toHexString(reply.zxid()));
            }
            lastZxid = reply.zxid();
        }
    }

    /** A read that shows a change newer than an armed watch means the event was skipped. */
    private void checkReadAgainstWatches(Operation operation, ServerPacket.Reply reply) {
        if (reply.err() != KeeperException.Code.OK.intValue()) {
            return;
        }
        switch (operation) {
            case Operation.GetData read when reply.response() instanceof Response.DataResponse data ->
                    checkNode(read.path(), data.stat());
            case Operation.Exists read when reply.response() instanceof Response.StatResponse found ->
                    checkNode(read.path(), found.stat());
            case Operation.GetChildren read when reply.response() instanceof Response.ChildrenResponse children
                    && children.stat() != null -> checkChildren(read.path(), children.stat());
            default -> {
                // Writes and other replies reveal nothing a watch should have announced first.
            }
        }
    }

    private void checkNode(String path, Stat stat) {
        if (stat == null) {
            return;
        }
        Long data = dataWatches.get(path);
        if (data != null && stat.mzxid() > data) {
            fail("read of " + path + " shows mzxid 0x" + Long.toHexString(stat.mzxid())
                    + " but the data watch set at 0x" + Long.toHexString(data) + " has not fired");
        }
        Long exist = existWatches.get(path);
        if (exist != null && stat.czxid() > exist) {
            fail("read of " + path + " shows it created at 0x" + Long.toHexString(stat.czxid())
                    + " but the exists watch set at 0x" + Long.toHexString(exist) + " has not fired");
        }
    }

    private void checkChildren(String path, Stat stat) {
        Long child = childWatches.get(path);
        if (child != null && stat.pzxid() > child) {
            fail("children of " + path + " show pzxid 0x" + Long.toHexString(stat.pzxid())
                    + " but the child watch set at 0x" + Long.toHexString(child) + " has not fired");
        }
    }

    private void armWatch(Operation operation, ServerPacket.Reply reply) {
        boolean ok = reply.err() == KeeperException.Code.OK.intValue();
        switch (operation) {
            case Operation.GetData read when read.watch() && ok -> dataWatches.putIfAbsent(read.path(), reply.zxid());
            case Operation.Exists read when read.watch() && ok -> dataWatches.putIfAbsent(read.path(), reply.zxid());
            case Operation.Exists read when read.watch() && reply.err() == KeeperException.Code.NONODE.intValue() ->
                    existWatches.putIfAbsent(read.path(), reply.zxid());
            case Operation.GetChildren read when read.watch() && ok -> childWatches.putIfAbsent(read.path(), reply.zxid());
            // removeAllWatches drops the server's watch, which will then never fire; the
            // single-watcher form (checkWatches) leaves it in place.
            case Operation.RemoveWatches remove when ok -> disarm(remove.path(), remove.type());
            default -> {
                // No watch was set.
            }
        }
    }

    /**
     * A reconnect re-registers only the watches the handle still holds; any other (removed
     * locally, say, while the connection was down) is gone from the server as well.
     */
    @Override
    public void watchesResent(long sessionId, List<String> dataPaths, List<String> existPaths,
            List<String> childPaths) {
        Set<String> nodeWatches = new TreeSet<>(dataPaths);
        nodeWatches.addAll(existPaths);
        dataWatches.keySet().retainAll(nodeWatches);
        existWatches.keySet().retainAll(nodeWatches);
        childWatches.keySet().retainAll(new TreeSet<>(childPaths));
    }

    private void disarm(String path, dev.zksim.api.WatcherType type) {
        if (type == dev.zksim.api.WatcherType.Data || type == dev.zksim.api.WatcherType.Any) {
            dataWatches.remove(path);
            existWatches.remove(path);
        }
        if (type == dev.zksim.api.WatcherType.Children || type == dev.zksim.api.WatcherType.Any) {
            childWatches.remove(path);
        }
    }

    @Override
    public void notified(long sessionId, WatchedEvent event) {
        String path = event.path();
        switch (event.type()) {
            case NodeCreated, NodeDataChanged -> {
                dataWatches.remove(path);
                existWatches.remove(path);
            }
            case NodeChildrenChanged -> childWatches.remove(path);
            case NodeDeleted -> {
                dataWatches.remove(path);
                existWatches.remove(path);
                childWatches.remove(path);
            }
            default -> {
                // Session events and watch removals do not consume node watches.
            }
        }
    }

    private void fail(String what) {
        throw SimulationFailure.safety(simulation.now(), "self-check failed for client " + client + ": " + what);
    }
}
