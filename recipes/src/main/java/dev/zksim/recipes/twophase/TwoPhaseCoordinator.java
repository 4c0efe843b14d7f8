package dev.zksim.recipes.twophase;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Op;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.Stages;
import dev.zksim.recipes.twophase.TwoPhaseDecision.Outcome;
import dev.zksim.recipes.twophase.TwoPhaseDecision.Vote;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The coordinator of a transaction node {@code t} (recipes page, "Two-phased Commit"):
 * <ol>
 * <li>create {@code t} and {@code t/vote-<site>} for every site, in one multi;</li>
 * <li>watch every vote node (getData) and every site's ephemeral {@code t/alive-<site>}
 * (exists) for failure detection;</li>
 * <li>decide commit iff all voted yes; abort on a no, on a site whose ephemeral vanished
 * before it voted, or when the caller calls {@link #timeOut()};</li>
 * <li>write {@code t/decision}, created once (NodeExists after a lost reply means ours
 * landed: the stored decision is read back and reported).</li>
 * </ol>
 * The caller owns the clock: it calls {@link #timeOut()} from its own timer. If the
 * coordinator dies before deciding, sites block (the classic 2PC weakness). Nothing here
 * blocks.
 */
public final class TwoPhaseCoordinator {
    private final ZooKeeperClient zk;
    private final String tx;
    private final List<String> sites;
    private final Map<String, Vote> votes = new LinkedHashMap<>();
    private final Map<String, Boolean> aliveSeen = new LinkedHashMap<>();
    private final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
    private final Watcher watcher = event -> {
        if (event.type() != EventType.None) {
            poll();
        }
    };
    private boolean timedOut;
    private boolean deciding;

    public TwoPhaseCoordinator(ZooKeeperClient zk, String tx, List<String> sites) {
        this.zk = zk;
        this.tx = tx;
        this.sites = List.copyOf(sites);
        sites.forEach(site -> {
            votes.put(site, Vote.PENDING);
            aliveSeen.put(site, false);
        });
    }

    /** Sets the transaction up; completes with the decision once written. */
    public CompletionStage<Outcome> start() {
        List<Op> ops = new ArrayList<>();
        ops.add(Op.create(tx, null, CreateMode.PERSISTENT));
        sites.forEach(site -> ops.add(Op.create(tx + "/vote-" + site, new byte[0], CreateMode.PERSISTENT)));
        setUp(ops);
        return outcome;
    }

    /** Aborts the transaction if it is still undecided (the vote timeout). */
    public void timeOut() {
        timedOut = true;
        poll();
    }

    private void setUp(List<Op> ops) {
        zk.multi(ops).whenComplete((results, error) -> {
            if (error == null || Stages.is(error, Code.NODEEXISTS)) {
                poll();
            } else if (Stages.isRecoverable(error)) {
                setUp(ops);
            } else {
                outcome.completeExceptionally(Stages.unwrap(error));
            }
        });
    }

    private void poll() {
        if (outcome.isDone() || deciding) {
            return;
        }
        List<CompletableFuture<Void>> reads = new ArrayList<>();
        for (String site : sites) {
            reads.add(zk.getData(tx + "/vote-" + site, watcher)
                    .thenAccept(read -> votes.put(site, TwoPhaseDecision.parse(read.data()))).toCompletableFuture());
            reads.add(zk.exists(tx + "/alive-" + site, watcher).thenAccept(stat -> {
                if (stat != null) {
                    aliveSeen.put(site, true);
                } else if (aliveSeen.get(site) && votes.get(site) == Vote.PENDING) {
                    votes.put(site, Vote.FAILED);
                }
            }).toCompletableFuture());
        }
        CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).whenComplete((ok, error) -> {
            if (error != null && Stages.isRecoverable(error)) {
                poll();
            } else if (error != null) {
                outcome.completeExceptionally(Stages.unwrap(error));
            } else if (TwoPhaseDecision.coordinator(votes.values(), timedOut) instanceof TwoPhaseDecision.Next.Decide decide) {
                deciding = true;
                write(decide.outcome());
            }
        });
    }

    private void write(Outcome decided) {
        byte[] data = decided.name().getBytes(StandardCharsets.UTF_8);
        zk.create(tx + "/decision", data, CreateMode.PERSISTENT).whenComplete((created, error) -> {
            if (error == null) {
                outcome.complete(decided);
            } else if (Stages.isRecoverable(error)) {
                write(decided);
            } else if (Stages.is(error, Code.NODEEXISTS)) {
                zk.getData(tx + "/decision", false).whenComplete((read, failure) -> {
                    if (failure != null) {
                        outcome.completeExceptionally(Stages.unwrap(failure));
                    } else {
                        outcome.complete(Outcome.valueOf(new String(read.data(), StandardCharsets.UTF_8)));
                    }
                });
            } else {
                outcome.completeExceptionally(Stages.unwrap(error));
            }
        });
    }
}
