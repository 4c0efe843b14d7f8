package dev.zksim.workload;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Op;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.trace.TraceEvent;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * A client that issues random ZooKeeper operations on a small set of paths, one at a time
 * with a think time in between: creates of every mode, deletes and setData with right, wrong
 * and wildcard versions, reads with and without watches, multis and syncs. It exists to
 * drive the ensemble through as many code paths as possible under faults, so the ensemble's
 * self-checks have something to check; it asserts nothing itself.
 */
public final class RandomOps implements ClientProgram {
    private static final List<String> PATHS = List.of("/a", "/b", "/a/x", "/a/y", "/b/q-");
    // The modes a plain create can make, in their flag order (TTL modes need a ttl).
    private static final List<CreateMode> MODES = List.of(CreateMode.PERSISTENT, CreateMode.EPHEMERAL,
            CreateMode.PERSISTENT_SEQUENTIAL, CreateMode.EPHEMERAL_SEQUENTIAL, CreateMode.CONTAINER);

    private final int operations;
    private final long thinkTime;
    private int issued;
    private int completed;

    /** What each finished operation ended in, for the trace. */
    public record Completed(String operation, String outcome) implements TraceEvent {
    }

    public RandomOps(int operations, long thinkTime) {
        this.operations = operations;
        this.thinkTime = thinkTime;
    }

    @Override
    public void started(ClientContext context, ZooKeeperClient zk) {
        next(context, zk);
    }

    public int completed() {
        return completed;
    }

    private void next(ClientContext context, ZooKeeperClient zk) {
        if (issued >= operations) {
            return;
        }
        issued++;
        Choices choices = context.choices();
        context.schedule(choices.longIn(0, thinkTime), () -> issue(context, zk, choices));
    }

    private void issue(ClientContext context, ZooKeeperClient zk, Choices choices) {
        String path = choices.pick(PATHS);
        int kind = choices.intIn(0, 9);
        CompletionStage<?> call = switch (kind) {
            case 0, 8, 9 -> zk.create(path, data(choices), choices.pick(MODES));
            case 1 -> zk.delete(path, choices.intIn(-1, 2));
            case 2 -> zk.setData(path, data(choices), choices.intIn(-1, 2));
            case 3 -> zk.getData(path, choices.chance(1, 2));
            case 4 -> zk.exists(path, choices.chance(1, 2));
            case 5 -> zk.getChildren(choices.pick(List.of("/", "/a", "/b")), choices.chance(1, 2));
            case 6 -> zk.multi(List.of(Op.create(path + "m", null, CreateMode.PERSISTENT), Op.delete(path + "m", -1)));
            default -> zk.sync(path);
        };
        String name = kind + " " + path;
        call.whenComplete((value, error) -> {
            completed++;
            context.trace(new Completed(name, outcome(error)));
            next(context, zk);
        });
    }

    private static byte[] data(Choices choices) {
        return choices.chance(1, 5) ? null : ("v" + choices.intIn(0, 99)).getBytes(StandardCharsets.UTF_8);
    }

    private static String outcome(Throwable error) {
        if (error == null) {
            return "ok";
        }
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof KeeperException keeper ? keeper.code().name() : cause.toString();
    }

    /** Think time of a busy client. */
    public static long defaultThinkTime() {
        return Time.millis(250);
    }
}
