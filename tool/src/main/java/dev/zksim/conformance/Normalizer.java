package dev.zksim.conformance;

import dev.zksim.api.KeeperException;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Turns what one side returned into text that is equal on both sides exactly when the
 * behaviour is.
 *
 * <p>zxids: every zxid is written as its distance from the czxid of the program's parent
 * {@code /t} ("z+0" is that create). The harness creates {@code /t} and then connects the
 * clients one by one, so the distance counts every transaction of the program, including
 * createSession, closeSession and failed writes, which ZooKeeper also numbers. This is
 * stricter than ranking zxids by first appearance: a side that skips or adds a
 * transaction shows up. Earlier programs on a reused real server do not matter, and 0 and
 * -1 (catch-up events, session events) stay as they are.
 *
 * <p>Stat: times are dropped (each side has its own clock); ephemeralOwner becomes the
 * owning client ("c2") or 0. Children lists are sorted. Data is compared by content with
 * null distinct from empty. The root and {@code /zookeeper} are never read, since their
 * stats carry the history of earlier programs on a reused server.
 */
public final class Normalizer {
    private final long base;
    private final Map<Long, String> owners;

    /** @param base the czxid of {@code /t}; @param sessions session id to client name ("c1") */
    public Normalizer(long base, Map<Long, String> sessions) {
        this.base = base;
        this.owners = new TreeMap<>(sessions);
    }

    public String zxid(long zxid) {
        if (zxid == 0 || zxid == -1) {
            return Long.toString(zxid);
        }
        long delta = zxid - base;
        return delta >= 0 ? "z+" + delta : "z" + delta;
    }

    public String stat(Stat stat) {
        if (stat == null) {
            return "null";
        }
        return "{cz=" + zxid(stat.czxid()) + " mz=" + zxid(stat.mzxid()) + " pz=" + zxid(stat.pzxid())
                + " v=" + stat.version() + " cv=" + stat.cversion() + " av=" + stat.aversion()
                + " owner=" + owner(stat.ephemeralOwner()) + " len=" + stat.dataLength()
                + " kids=" + stat.numChildren() + "}";
    }

    private String owner(long session) {
        if (session == 0) {
            return "0";
        }
        return owners.getOrDefault(session, "unknown-session");
    }

    /** A successful reply, by the type of value the operation completes with. */
    public String value(Object value) {
        return switch (value) {
            case null -> "ok";
            case String path -> "ok " + path;
            case Stat stat -> "ok " + stat(stat);
            case ZooKeeperClient.Created created -> "ok " + created.path() + " " + stat(created.stat());
            case ZooKeeperClient.DataAndStat data -> "ok " + Payload.renderData(data.data()) + " " + stat(data.stat());
            case ZooKeeperClient.ChildrenAndStat children -> "ok " + sorted(children.children()) + " " + stat(children.stat());
            case List<?> list -> "ok " + list(list);
            case Integer number -> "ok " + number;
            default -> "ok unexpected " + value.getClass().getSimpleName();
        };
    }

    private String list(List<?> list) {
        if (!list.isEmpty() && list.getFirst() instanceof OpResult) {
            return results(list.stream().map(OpResult.class::cast).toList());
        }
        return sorted(list.stream().map(String::valueOf).toList());
    }

    private static String sorted(List<String> names) {
        List<String> copy = new ArrayList<>(names);
        copy.sort(null);
        return copy.toString();
    }

    private String results(List<OpResult> results) {
        return results.stream().map(this::result).collect(Collectors.joining(", ", "[", "]"));
    }

    private String result(OpResult result) {
        return switch (result) {
            case OpResult.CreateResult create -> "created " + create.path();
            case OpResult.DeleteResult delete -> "deleted";
            case OpResult.SetDataResult set -> "set " + stat(set.stat());
            case OpResult.CheckResult check -> "checked";
            case OpResult.ErrorResult error -> error.code().name();
        };
    }

    /** A failed reply: the code, the path the exception carries and a failed multi's results. */
    public String failure(Throwable error) {
        Throwable cause = unwrap(error);
        if (cause instanceof KeeperException keeper) {
            String text = "error " + keeper.code() + (keeper.getPath() == null ? "" : " " + keeper.getPath());
            return keeper.getResults() == null ? text : text + " " + results(keeper.getResults());
        }
        if (cause instanceof IllegalArgumentException) {
            return "illegal-argument";
        }
        return "harness-failure " + cause;
    }

    static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while (!(cause instanceof KeeperException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** A delivered event, with the receiving watcher's name. */
    public String event(String watcher, WatchedEvent event) {
        if (event.type() == dev.zksim.api.EventType.None) {
            return "event " + watcher + " " + event.state();
        }
        return "event " + watcher + " " + event.type() + " " + event.path() + " " + zxid(event.zxid());
    }
}
