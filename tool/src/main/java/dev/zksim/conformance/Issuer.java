package dev.zksim.conformance;

import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.conformance.Operation.Check;
import dev.zksim.conformance.Operation.Close;
import dev.zksim.conformance.Operation.Create;
import dev.zksim.conformance.Operation.Delete;
import dev.zksim.conformance.Operation.Exists;
import dev.zksim.conformance.Operation.Expire;
import dev.zksim.conformance.Operation.GetChildren;
import dev.zksim.conformance.Operation.GetData;
import dev.zksim.conformance.Operation.Multi;
import dev.zksim.conformance.Operation.SetData;
import dev.zksim.conformance.Operation.Sync;
import java.util.concurrent.CompletionStage;

/**
 * Issues one data operation through the common client API, so both sides make exactly the
 * same call. Session operations (close, expire) are side-specific and not issued here.
 */
final class Issuer {
    private Issuer() {
    }

    /**
     * Starts the call and returns its stage; an invalid path throws IllegalArgumentException
     * synchronously, as both clients do.
     */
    static CompletionStage<?> issue(ZooKeeperClient zk, Operation op, Watcher own) {
        return switch (op) {
            case Create c -> c.withStat() ? zk.createWithStat(c.path(), c.data().bytes(), c.mode())
                    : zk.create(c.path(), c.data().bytes(), c.mode());
            case Delete d -> zk.delete(d.path(), d.version());
            case SetData s -> zk.setData(s.path(), s.data().bytes(), s.version());
            case Exists e -> switch (e.watch()) {
                case NONE -> zk.exists(e.path(), false);
                case DEFAULT -> zk.exists(e.path(), true);
                case OWN -> zk.exists(e.path(), own);
            };
            case GetData g -> switch (g.watch()) {
                case NONE -> zk.getData(g.path(), false);
                case DEFAULT -> zk.getData(g.path(), true);
                case OWN -> zk.getData(g.path(), own);
            };
            case GetChildren g -> children(zk, g, own);
            case Sync s -> zk.sync(s.path());
            case Operation.GetEphemerals g -> zk.getEphemerals(g.prefixPath());
            case Operation.AddWatch w -> zk.addWatch(w.path(), own, w.recursive());
            case Operation.RemoveWatches r -> r.all() ? zk.removeAllWatches(r.path(), r.type(), r.local())
                    : zk.removeWatches(r.path(), own, r.type(), r.local());
            case Operation.GetAllChildrenNumber g -> zk.getAllChildrenNumber(g.path());
            case Multi m -> zk.multi(m.toApi());
            case Check c -> throw new IllegalStateException("check runs only inside a multi: " + c.render());
            case Close c -> throw new IllegalStateException("close is issued by the side: " + c.render());
            case Expire e -> throw new IllegalStateException("expiry is injected by the side: " + e.render());
        };
    }

    private static CompletionStage<?> children(ZooKeeperClient zk, GetChildren g, Watcher own) {
        if (g.withStat()) {
            return switch (g.watch()) {
                case NONE -> zk.getChildren2(g.path(), false);
                case DEFAULT -> zk.getChildren2(g.path(), true);
                case OWN -> zk.getChildren2(g.path(), own);
            };
        }
        return switch (g.watch()) {
            case NONE -> zk.getChildren(g.path(), false);
            case DEFAULT -> zk.getChildren(g.path(), true);
            case OWN -> zk.getChildren(g.path(), own);
        };
    }

    /** True if the operation sends a payload over jute.maxbuffer (the client then reconnects). */
    static boolean oversized(Operation op) {
        return switch (op) {
            case Create c -> c.data() instanceof Payload.Oversized;
            case SetData s -> s.data() instanceof Payload.Oversized;
            case Multi m -> m.ops().stream().anyMatch(Issuer::oversized);
            case Delete d -> false;
            case Check c -> false;
            case Exists e -> false;
            case GetData g -> false;
            case GetChildren g -> false;
            case Sync s -> false;
            case Operation.GetEphemerals g -> false;
            case Operation.AddWatch w -> false;
            case Operation.RemoveWatches r -> false;
            case Operation.GetAllChildrenNumber g -> false;
            case Close c -> false;
            case Expire e -> false;
        };
    }
}
