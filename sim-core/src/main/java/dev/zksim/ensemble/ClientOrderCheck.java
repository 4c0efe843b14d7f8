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
 * across servers), reads are monotonic (a read never shows a change newer than its reply's
 * zxid, nor a node older than one this client read before), and a watch event arrives before
 * any read reply that reflects the change that triggered it (reference 3.4). A violation
 * fails the run at once.
 */
final class ClientOrderCheck implements ClientObserver {
    private final Simulation simulation;
    private final String client;
    private final AckedWrites acked;
    /** Armed watches per path: the reply zxid of the read that set them. */
    private final Map<String, Long> dataWatches = new LinkedHashMap<>();
    private final Map<String, Long> existWatches = new LinkedHashMap<>();
    private final Map<String, Long> childWatches = new LinkedHashMap<>();
    /** What this client last read of each path: the node's mzxid, or the reply zxid of a NoNode. */
    private final Map<String, SeenNode> seen = new LinkedHashMap<>();
    private long lastZxid;
    private int lastXid;

    ClientOrderCheck(Simulation simulation, String client, AckedWrites acked) {
        this.simulation = simulation;
        this.client = client;
        this.acked = acked;
    }

    /** A node as this client last read it: its mzxid, or absent as of a reply zxid. */
    private record SeenNode(long mzxid, long absentAt) {
    }

    @Override
    public void replied(long sessionId, Operation operation, ServerPacket.Reply reply) {
        checkOrder(reply);
        checkMonotonicRead(operation, reply);
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

    /**
     * Monotonic reads, as the Zab specs state them for a client that moves between servers:
     * a read reflects no change newer than its reply's zxid; a node this client read with
     * mzxid m is never read again with an older mzxid (a node deleted and created again is
     * newer still); and a node read as absent at zxid r is never read later as created at or
     * before r, since it would then have existed at r.
     */
    private void checkMonotonicRead(Operation operation, ServerPacket.Reply reply) {
        String path = switch (operation) {
            case Operation.GetData read -> read.path();
            case Operation.Exists read -> read.path();
            default -> null;
        };
        if (path == null || reply.zxid() <= 0) {
            return;
        }
        Stat stat = switch (reply.response()) {
            case Response.DataResponse data when reply.err() == KeeperException.Code.OK.intValue() -> data.stat();
            case Response.StatResponse found when reply.err() == KeeperException.Code.OK.intValue() -> found.stat();
            case null, default -> null;
        };
        if (stat != null) {
            checkNodeRead(path, stat, reply.zxid());
        } else if (reply.err() == KeeperException.Code.NONODE.intValue()) {
            seen.put(path, new SeenNode(0, reply.zxid()));
        }
    }

    private void checkNodeRead(String path, Stat stat, long replyZxid) {
        if (stat.mzxid() > replyZxid || stat.czxid() > replyZxid) {
            fail("read of " + path + " at zxid 0x" + Long.toHexString(replyZxid) + " shows a change at 0x"
                    + Long.toHexString(Math.max(stat.mzxid(), stat.czxid())) + ", newer than the read");
        }
        SeenNode before = seen.get(path);
        if (before != null && stat.mzxid() < before.mzxid()) {
            fail("read of " + path + " went back from mzxid 0x" + Long.toHexString(before.mzxid()) + " to 0x"
                    + Long.toHexString(stat.mzxid()));
        }
        if (before != null && before.absentAt() > 0 && stat.czxid() <= before.absentAt()) {
            fail("read of " + path + " shows it created at 0x" + Long.toHexString(stat.czxid())
                    + " but an earlier read found no node at 0x" + Long.toHexString(before.absentAt()));
        }
        seen.put(path, new SeenNode(stat.mzxid(), 0));
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
