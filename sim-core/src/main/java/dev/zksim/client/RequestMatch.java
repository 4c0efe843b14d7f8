package dev.zksim.client;

import dev.zksim.api.Op;
import dev.zksim.protocol.Operation;
import java.util.List;

/**
 * Which requests a request fault aims at: an operation name (null for any of them) and a
 * path prefix (null for any path). The prefix is a plain string prefix, so {@code /lock}
 * matches {@code /lock/x} and {@code /locks} alike; a multi matches when any of its ops does.
 * Only the eight operations a recipe calls can be aimed at: session housekeeping (setWatches,
 * closeSession, pings) is never hit, so a fault cannot turn into a different fault.
 *
 * <p>The {@code ordinal} aims at the N-th matching request from the moment the fault is armed
 * ({@code #2} in a plan: "drop-reply c1 on delete /lock #2"), where bugs on a second attempt,
 * a retry or a cleanup live; 1 is the next one.
 */
public record RequestMatch(String operation, String pathPrefix, int ordinal) {
    /** The operation names, as ZooKeeper's client API spells its methods. */
    public static final List<String> OPERATIONS =
            List.of("create", "delete", "setData", "getData", "exists", "getChildren", "multi", "sync");

    /** Any of the eight operations, on any path. */
    public static final RequestMatch ANY = new RequestMatch(null, null);
    /**
     * The name under which the network counts a lost reply that a client-side request fault
     * (an aimed drop-reply, or the per-request loss) put on a request, followed by the
     * request's operation: "RequestFault.ReplyLost.create" ({@code Network.faultStruck}).
     */
    public static final String REPLY_LOST = "RequestFault.ReplyLost.";

    /** The next request that matches {@code operation} and {@code pathPrefix}. */
    public RequestMatch(String operation, String pathPrefix) {
        this(operation, pathPrefix, 1);
    }

    public RequestMatch {
        if (ordinal < 1) {
            throw new IllegalArgumentException("a request's ordinal counts from #1, not #" + ordinal);
        }
        if (operation != null && !OPERATIONS.contains(operation)) {
            throw new IllegalArgumentException("unknown operation '" + operation + "' (known: " + String.join(", ", OPERATIONS) + ")");
        }
        if (pathPrefix != null && !pathPrefix.startsWith("/")) {
            throw new IllegalArgumentException("a path prefix starts with '/': " + pathPrefix);
        }
        if (pathPrefix != null && operation == null) {
            throw new IllegalArgumentException("a path prefix needs an operation");
        }
    }

    /** True if the fault should take this request. */
    public boolean matches(Operation request) {
        String name = nameOf(request);
        if (name == null || (operation != null && !operation.equals(name))) {
            return false;
        }
        if (pathPrefix == null) {
            return true;
        }
        if (request instanceof Operation.Multi multi) {
            return multi.ops().stream().anyMatch(op -> pathOf(op).startsWith(pathPrefix));
        }
        return pathOf(request).startsWith(pathPrefix);
    }

    /** The API name of a request the faults can aim at, or null for session housekeeping. */
    public static String nameOf(Operation request) {
        return switch (request) {
            case Operation.Create create -> "create";
            case Operation.CreateTtl create -> "create";
            case Operation.Delete delete -> "delete";
            case Operation.SetData setData -> "setData";
            case Operation.GetData getData -> "getData";
            case Operation.Exists exists -> "exists";
            case Operation.GetChildren getChildren -> "getChildren";
            case Operation.Multi multi -> "multi";
            case Operation.Sync sync -> "sync";
            case Operation.GetEphemerals getEphemerals -> "getEphemerals";
            case Operation.GetAllChildrenNumber count -> "getAllChildrenNumber";
            case Operation.AddWatch addWatch -> "addWatch";
            case Operation.CheckWatches check -> "removeWatches";
            case Operation.RemoveWatches remove -> "removeAllWatches";
            case Operation.SetWatches setWatches -> null;
            case Operation.SetWatches2 setWatches -> null;
            case Operation.CloseSession close -> null;
        };
    }

    private static String pathOf(Operation request) {
        return switch (request) {
            case Operation.Create create -> create.path();
            case Operation.CreateTtl create -> create.path();
            case Operation.Delete delete -> delete.path();
            case Operation.SetData setData -> setData.path();
            case Operation.GetData getData -> getData.path();
            case Operation.Exists exists -> exists.path();
            case Operation.GetChildren getChildren -> getChildren.path();
            case Operation.Sync sync -> sync.path();
            case Operation.GetEphemerals getEphemerals -> getEphemerals.prefixPath();
            case Operation.GetAllChildrenNumber count -> count.path();
            case Operation.AddWatch addWatch -> addWatch.path();
            case Operation.CheckWatches check -> check.path();
            case Operation.RemoveWatches remove -> remove.path();
            case Operation.Multi multi -> "";
            case Operation.SetWatches setWatches -> "";
            case Operation.SetWatches2 setWatches -> "";
            case Operation.CloseSession close -> "";
        };
    }

    private static String pathOf(Op op) {
        return switch (op) {
            case Op.Create create -> create.path();
            case Op.CreateTtl create -> create.path();
            case Op.Delete delete -> delete.path();
            case Op.SetData setData -> setData.path();
            case Op.Check check -> check.path();
        };
    }

    /** The same aim at the {@code n}-th matching request. */
    public RequestMatch nth(int n) {
        return new RequestMatch(operation, pathPrefix, n);
    }

    @Override
    public String toString() {
        return (operation == null ? "" : " on " + operation + (pathPrefix == null ? "" : " " + pathPrefix))
                + (ordinal == 1 ? "" : " #" + ordinal);
    }
}
