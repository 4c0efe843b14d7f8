package dev.zksim.server;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Stat;
import dev.zksim.api.ZooKeeperClient.ChildrenAndStat;
import dev.zksim.api.ZooKeeperClient.DataAndStat;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.Response;
import dev.zksim.server.tree.DataTree;
import dev.zksim.server.watch.ServerWatchTable;
import dev.zksim.server.watch.WatchDelivery;
import java.util.List;

/**
 * The requests served from the local tree without a transaction (reference 2.7): reads,
 * sync, setWatches, addWatch and the watch removals (checkWatches, removeWatches). Watches are registered here, keyed by the connection the read came
 * on: exists registers even for a missing node, getData and getChildren only on success.
 */
final class Reads {
    private final DataTree tree;
    private final ServerWatchTable watches;
    private final TreeVersions versions;
    private final UnspecifiedOrders orders;

    Reads(DataTree tree, ServerWatchTable watches, UnspecifiedOrders orders) {
        this.orders = orders;
        this.tree = tree;
        this.watches = watches;
        this.versions = new TreeVersions(tree);
    }

    Answer serve(Operation operation, long connectionId) {
        return serve(operation, connectionId, 0);
    }

    /** Serves a read for the session that sent it (getEphemerals answers per session). */
    Answer serve(Operation operation, long connectionId, long sessionId) {
        // The reads every workload makes come first: a switch over types tests its cases in order.
        return switch (operation) {
            case Operation.Exists exists -> exists(exists, connectionId);
            case Operation.GetData getData -> getData(getData, connectionId);
            case Operation.GetChildren getChildren -> getChildren(getChildren, connectionId);
            case Operation.AddWatch add -> addWatch(add, connectionId);
            case Operation.SetWatches2 setWatches -> setWatches2(setWatches, connectionId);
            case Operation.CheckWatches check ->
                watches.holdsWatch(check.path(), check.type(), connectionId) ? Answer.ok(new Response.Empty())
                    : Answer.error(Code.NOWATCHER);
            case Operation.RemoveWatches remove ->
                watches.removeWatches(remove.path(), remove.type(), connectionId) ? Answer.ok(new Response.Empty())
                    : Answer.error(Code.NOWATCHER);
            case Operation.GetEphemerals ephemerals ->
                Answer.ok(new Response.PathsResponse(tree.ephemerals(sessionId, ephemerals.prefixPath())));
            case Operation.GetAllChildrenNumber count -> tree.exists(count.path())
                ? Answer.ok(new Response.CountResponse(tree.allChildrenNumber(count.path())))
                : Answer.error(Code.NONODE);
            case Operation.Sync sync -> Answer.ok(new Response.PathResponse(sync.path()));
            case Operation.SetWatches setWatches -> setWatches(setWatches, connectionId);
            case Operation.Create create -> notARead(create);
            case Operation.CreateTtl create -> notARead(create);
            case Operation.Delete delete -> notARead(delete);
            case Operation.SetData setData -> notARead(setData);
            case Operation.Multi multi -> notARead(multi);
            case Operation.CloseSession close -> notARead(close);
        };
    }

    /** On the wire a missing node is NoNode; the client library turns it into null. */
    private Answer exists(Operation.Exists exists, long connectionId) {
        if (exists.watch()) {
            watches.addDataWatch(exists.path(), connectionId);
        }
        Stat stat = tree.stat(exists.path());
        return stat == null ? Answer.error(Code.NONODE) : Answer.ok(new Response.StatResponse(stat));
    }

    private Answer getData(Operation.GetData getData, long connectionId) {
        DataAndStat data = tree.getData(getData.path());
        if (data == null) {
            return Answer.error(Code.NONODE);
        }
        if (getData.watch()) {
            watches.addDataWatch(getData.path(), connectionId);
        }
        return Answer.ok(new Response.DataResponse(data.data(), data.stat()));
    }

    private Answer getChildren(Operation.GetChildren getChildren, long connectionId) {
        List<String> children;
        Stat stat = null;
        if (getChildren.withStat()) {
            ChildrenAndStat both = tree.getChildren2(getChildren.path());
            children = both == null ? null : both.children();
            stat = both == null ? null : both.stat();
        } else {
            // A plain getChildren (most recipes' listing) answers without a Stat: none is made for it.
            children = tree.getChildren(getChildren.path());
        }
        if (children == null) {
            return Answer.error(Code.NONODE);
        }
        if (getChildren.watch()) {
            watches.addChildWatch(getChildren.path(), connectionId);
        }
        return Answer.ok(new Response.ChildrenResponse(orders.children(children), stat));
    }

    private Answer setWatches(Operation.SetWatches setWatches, long connectionId) {
        List<WatchDelivery> fired = watches.setWatches(setWatches.relativeZxid(), setWatches.dataPaths(),
                setWatches.existPaths(), setWatches.childPaths(), connectionId, versions);
        return new Answer(0, new Response.Empty(), fired);
    }

    /** addWatch does not check that the node exists (reference 3.1). */
    private Answer addWatch(Operation.AddWatch add, long connectionId) {
        if (add.recursive()) {
            watches.addRecursiveWatch(add.path(), connectionId);
        } else {
            watches.addPersistentWatch(add.path(), connectionId);
        }
        return Answer.ok(new Response.Empty());
    }

    private Answer setWatches2(Operation.SetWatches2 setWatches, long connectionId) {
        List<WatchDelivery> fired = watches.setWatches(setWatches.relativeZxid(), setWatches.dataPaths(),
                setWatches.existPaths(), setWatches.childPaths(), setWatches.persistentPaths(),
                setWatches.recursivePaths(), connectionId, versions);
        return new Answer(0, new Response.Empty(), fired);
    }

    private static Answer notARead(Operation operation) {
        throw new IllegalStateException("a write is not served as a read: " + operation);
    }
}
