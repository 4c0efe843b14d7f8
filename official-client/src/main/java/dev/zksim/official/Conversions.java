package dev.zksim.official;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.apache.jute.Record;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.Stat;
import org.apache.zookeeper.proto.CheckVersionRequest;
import org.apache.zookeeper.proto.CreateRequest;
import org.apache.zookeeper.proto.CreateTTLRequest;
import org.apache.zookeeper.proto.DeleteRequest;
import org.apache.zookeeper.proto.SetDataRequest;

/**
 * Translates between the official client's types and zksim's client API. Both use
 * ZooKeeper's numeric codes, flags and event values, so each translation is by number.
 */
final class Conversions {
    private static final Method SET_MULTI_RESULTS = multiResultsSetter();

    private Conversions() {
    }

    /** The simulated mode for an official one, by flag. */
    static dev.zksim.api.CreateMode mode(CreateMode mode) {
        return dev.zksim.api.CreateMode.fromFlag(mode.toFlag());
    }

    static Stat stat(dev.zksim.api.Stat s) {
        if (s == null) {
            return null;
        }
        return new Stat(s.czxid(), s.mzxid(), s.ctime(), s.mtime(), s.version(), s.cversion(), s.aversion(),
                s.ephemeralOwner(), s.dataLength(), s.numChildren(), s.pzxid());
    }

    /** Copies a simulated Stat into the caller's official Stat, as the official client does. */
    static void copyInto(dev.zksim.api.Stat from, Stat into) {
        if (into != null && from != null) {
            Stat converted = stat(from);
            into.setCzxid(converted.getCzxid());
            into.setMzxid(converted.getMzxid());
            into.setCtime(converted.getCtime());
            into.setMtime(converted.getMtime());
            into.setVersion(converted.getVersion());
            into.setCversion(converted.getCversion());
            into.setAversion(converted.getAversion());
            into.setEphemeralOwner(converted.getEphemeralOwner());
            into.setDataLength(converted.getDataLength());
            into.setNumChildren(converted.getNumChildren());
            into.setPzxid(converted.getPzxid());
        }
    }

    static WatchedEvent event(dev.zksim.api.WatchedEvent e) {
        return new WatchedEvent(Watcher.Event.EventType.fromInt(e.type().getIntValue()),
                Watcher.Event.KeeperState.fromInt(e.state().getIntValue()), e.path(), e.zxid());
    }

    /** The official exception for a simulated one, with multi results when it carries them. */
    static KeeperException exception(dev.zksim.api.KeeperException e) {
        KeeperException converted = KeeperException.create(KeeperException.Code.get(e.code().intValue()), e.getPath());
        List<dev.zksim.api.OpResult> results = e.getResults();
        if (results != null && !results.isEmpty()) {
            setMultiResults(converted, results(results));
        }
        return converted;
    }

    /**
     * A list of names (children, ephemeral paths) as the official client hands it out: a
     * mutable {@code ArrayList}, or null with a failure. The real client gives callers the
     * list its jute decoder filled, and code written against it sorts that list in place
     * ({@code Collections.sort(children)}, as Curator's SimpleDistributedQueue and countless
     * lock recipes do); the simulated client's own lists are immutable.
     */
    static List<String> names(List<String> names) {
        return names == null ? null : new ArrayList<>(names);
    }

    static List<OpResult> results(List<dev.zksim.api.OpResult> results) {
        List<OpResult> converted = new ArrayList<>(results.size());
        for (dev.zksim.api.OpResult result : results) {
            converted.add(switch (result) {
                case dev.zksim.api.OpResult.CreateResult r -> new OpResult.CreateResult(r.path());
                case dev.zksim.api.OpResult.DeleteResult r -> new OpResult.DeleteResult();
                case dev.zksim.api.OpResult.SetDataResult r -> new OpResult.SetDataResult(stat(r.stat()));
                case dev.zksim.api.OpResult.CheckResult r -> new OpResult.CheckResult();
                case dev.zksim.api.OpResult.ErrorResult r -> new OpResult.ErrorResult(r.err());
            });
        }
        return converted;
    }

    /**
     * The simulated ops for official ones. Only the write ops of a transaction exist in the
     * simulated ensemble (TTL creates included); read ops (multiRead) answer Unimplemented,
     * as a server without them does.
     */
    static List<dev.zksim.api.Op> ops(Iterable<Op> ops) throws KeeperException {
        List<dev.zksim.api.Op> converted = new ArrayList<>();
        for (Op op : ops) {
            converted.add(op(op));
        }
        return converted;
    }

    private static dev.zksim.api.Op createOp(CreateRequest create) throws KeeperException {
        return new dev.zksim.api.Op.Create(create.getPath(), create.getData(), mode(CreateMode.fromFlag(create.getFlags())));
    }

    private static dev.zksim.api.Op op(Op op) throws KeeperException {
        Record request = op.toRequestRecord();
        return switch (op.getType()) {
            case ZooDefs.OpCode.create, ZooDefs.OpCode.create2, ZooDefs.OpCode.createContainer ->
                    createOp((CreateRequest) request);
            // Op.create with a TTL mode is a createTTL op whether or not it was given a ttl;
            // without one its record is a plain CreateRequest, which validation then refuses.
            case ZooDefs.OpCode.createTTL -> request instanceof CreateTTLRequest ttl
                    ? new dev.zksim.api.Op.CreateTtl(ttl.getPath(), ttl.getData(), mode(CreateMode.fromFlag(ttl.getFlags())),
                            ttl.getTtl())
                    : createOp((CreateRequest) request);
            case ZooDefs.OpCode.delete -> {
                DeleteRequest delete = (DeleteRequest) request;
                yield new dev.zksim.api.Op.Delete(delete.getPath(), delete.getVersion());
            }
            case ZooDefs.OpCode.setData -> {
                SetDataRequest set = (SetDataRequest) request;
                yield new dev.zksim.api.Op.SetData(set.getPath(), set.getData(), set.getVersion());
            }
            case ZooDefs.OpCode.check -> {
                CheckVersionRequest check = (CheckVersionRequest) request;
                yield new dev.zksim.api.Op.Check(check.getPath(), check.getVersion());
            }
            default -> throw new KeeperException.UnimplementedException();
        };
    }

    /** Unwraps a completion failure into the official exception it stands for. */
    static KeeperException keeperFailure(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof java.util.concurrent.CompletionException
                || cause instanceof java.util.concurrent.ExecutionException) {
            cause = cause.getCause();
        }
        if (cause instanceof dev.zksim.api.KeeperException simulated) {
            return exception(simulated);
        }
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        throw new IllegalStateException("unexpected failure of a simulated call: " + cause, cause);
    }

    /** The return code a callback receives for a failure. */
    static int code(Throwable failure) {
        return keeperFailure(failure).code().intValue();
    }

    private static void setMultiResults(KeeperException e, List<OpResult> results) {
        try {
            SET_MULTI_RESULTS.invoke(e, results);
        } catch (IllegalAccessException | InvocationTargetException failure) {
            throw new IllegalStateException("cannot attach multi results to " + e, failure);
        }
    }

    // The official client attaches a failed multi's results through a package-private
    // setter; the class is on the class path (an unnamed module), so it is reachable.
    private static Method multiResultsSetter() {
        try {
            Method setter = KeeperException.class.getDeclaredMethod("setMultiResults", List.class);
            setter.setAccessible(true);
            return setter;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("this ZooKeeper client has no KeeperException.setMultiResults", e);
        }
    }
}
