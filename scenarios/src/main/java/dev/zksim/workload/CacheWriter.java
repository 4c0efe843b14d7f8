package dev.zksim.workload;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.check.CacheOps;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.Stages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The one writer of a cached directory. It makes the directory, then changes it
 * {@code writes} times, one write after another: it creates a child it believes absent, and
 * sets or deletes one it believes present, each time with data no other write used
 * (CACHE_WRITE). Children are few, so the same child is deleted and created again, back at
 * version 0; ephemeral children also go when the writer's session does, and come back with new
 * data once the writer creates them again, as a restarted service registers itself anew.
 *
 * <p>When it is done it reads the whole directory (sync, list, read every child) once a second
 * until the run ends (CACHE_AUDIT): with no other writer, the last of those is what every cache
 * must converge to. A directory that is gone reads as empty, and is made again before the next
 * write (a reader's cache may have made it as a container, which the server deletes once
 * empty). Its count of writes survives a crash.
 */
public final class CacheWriter extends SessionWorkload {
    /** The cached directory. */
    public static final String DIRECTORY = "/dir";

    private static final long AUDIT_PERIOD = Time.seconds(1);

    /**
     * How many writes, over how many children, with a pause of up to {@code gapMax} between
     * them; ephemeral children go with the writer's session, as a service's registration does;
     * data that names its child ({@code k1/c1-5}) is what a registry whose records carry their
     * id needs.
     */
    public record Plan(int writes, int children, long gapMax, boolean ephemeral, boolean dataNamesChild) {
    }

    private final Plan plan;
    private final SortedSet<String> believedPresent = new TreeSet<>();
    private int written;
    private boolean directoryMade;
    private boolean busy;

    public CacheWriter(Plan plan, ClientLog log) {
        super(log);
        this.plan = plan;
    }

    @Override
    protected void begin(ClientContext ctx) {
        busy = false;
        client.renewAfterLoss(this::sessionLost, this::step);
        ctx.schedule(ctx.choices().longIn(0, Time.millis(200)), this::step);
    }

    /** Ephemeral children went with the lost session (or go when it expires). */
    private void sessionLost() {
        if (plan.ephemeral()) {
            believedPresent.clear();
        }
    }

    private void step() {
        if (busy || client.connection().current() == ConnectionState.LOST) {
            return;
        }
        busy = true;
        SessionClient mine = client;
        if (!directoryMade) {
            makeDirectory(mine);
        } else if (written < plan.writes()) {
            write(mine);
        } else {
            audit(mine);
        }
    }

    private void makeDirectory(SessionClient mine) {
        client.create(DIRECTORY, new byte[0], CreateMode.PERSISTENT).whenComplete((created, error) -> {
            directoryMade |= error == null || Stages.is(error, Code.NODEEXISTS);
            then(mine, directoryMade ? 0 : Time.millis(100));
        });
    }

    private void write(SessionClient mine) {
        String child = "k" + context.choices().intIn(0, plan.children() - 1);
        String data = (plan.dataNamesChild() ? child + "/" : "") + log.process() + "-" + (written + 1);
        String kind = !believedPresent.contains(child) ? "create" : context.choices().intIn(0, 1) == 0 ? "set" : "delete";
        Value value = new CacheOps.Write(kind, child, kind.equals("delete") ? Optional.empty() : Optional.of(data)).value();
        ClientLog.Call call = log.invoke(OpKind.CACHE_WRITE, value);
        written++;
        send(kind, DIRECTORY + "/" + child, data).whenComplete((ok, error) -> {
            if (mine != client) {
                return;
            } else if (error == null) {
                call.ok(value);
                believe(child, !kind.equals("delete"));
            } else if (Workloads.uncertain(error)) {
                call.info(Workloads.describe(error));
            } else {
                call.fail(Workloads.describe(error));
                believe(child, Stages.is(error, Code.NODEEXISTS));
                // A reader's cache may have made the directory as a container, which the server
                // deletes once it is empty; make it again before the next write.
                directoryMade &= !(kind.equals("create") && Stages.is(error, Code.NONODE));
            }
            then(mine, context.choices().longIn(Workloads.MIN_WRITE_GAP, plan.gapMax()));
        });
    }

    private CompletionStage<?> send(String kind, String path, String data) {
        byte[] bytes = data.getBytes(StandardCharsets.UTF_8);
        return switch (kind) {
            case "create" -> client.create(path, bytes, plan.ephemeral() ? CreateMode.EPHEMERAL : CreateMode.PERSISTENT);
            case "set" -> client.setData(path, bytes, -1);
            default -> client.delete(path, -1);
        };
    }

    private void believe(String child, boolean present) {
        if (present) {
            believedPresent.add(child);
        } else {
            believedPresent.remove(child);
        }
    }

    /** Reads the directory as it is now: a sync first, so that the read is not behind the writes. */
    private void audit(SessionClient mine) {
        ClientLog.Call call = log.invoke(OpKind.CACHE_AUDIT, Value.NONE);
        client.sync(DIRECTORY)
                .thenCompose(synced -> client.getChildren(DIRECTORY, false))
                .exceptionally(error -> {
                    if (Stages.is(error, Code.NONODE)) {
                        return List.of();
                    }
                    throw new CompletionException(Stages.unwrap(error));
                })
                .thenCompose(this::readAll)
                .whenComplete((entries, error) -> {
                    if (mine != client) {
                        return;
                    } else if (error == null) {
                        call.ok(CacheOps.directory(entries));
                    } else {
                        call.fail(Workloads.describe(error));
                    }
                    then(mine, AUDIT_PERIOD);
                });
    }

    private CompletionStage<SortedMap<String, String>> readAll(List<String> children) {
        List<String> names = children.stream().sorted().toList();
        List<CompletableFuture<String>> reads = new ArrayList<>();
        for (String name : names) {
            reads.add(client.getData(DIRECTORY + "/" + name, false)
                    .thenApply(read -> new String(read.data(), StandardCharsets.UTF_8)).toCompletableFuture());
        }
        return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(all -> {
            SortedMap<String, String> entries = new TreeMap<>();
            for (int i = 0; i < names.size(); i++) {
                entries.put(names.get(i), reads.get(i).join());
            }
            return entries;
        });
    }

    /** The next step after {@code delay}, unless this incarnation's session was replaced meanwhile. */
    private void then(SessionClient mine, long delay) {
        if (mine != client) {
            return;
        }
        busy = false;
        context.schedule(delay, this::step);
    }
}
