package dev.zksim.recipes.twophase;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.Stages;
import dev.zksim.recipes.twophase.TwoPhaseDecision.Outcome;
import dev.zksim.recipes.twophase.TwoPhaseDecision.Vote;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One site of a transaction node {@code t}:
 * <ol>
 * <li>create the ephemeral {@code t/alive-<site>}, the coordinator's failure detector;</li>
 * <li>write the vote into {@code t/vote-<site>} with version 0, so it is written once
 * (BadVersion after a lost reply means it landed);</li>
 * <li>read {@code t/decision} with a watch and report it.</li>
 * </ol>
 * With {@code watchAllVotes} (the recipes page's form) the site also watches every vote node
 * and concludes abort as soon as it sees a no; that costs O(n^2) notifications. Without it
 * (the variant where only the coordinator watches votes) the site watches only the decision.
 * The transaction node must exist (the coordinator's multi made it) before {@link #vote}.
 */
public final class TwoPhaseSite {
    private final ZooKeeperClient zk;
    private final String tx;
    private final String site;
    private final boolean watchAllVotes;
    private final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
    private final Watcher watcher = event -> {
        if (event.type() != EventType.None) {
            check();
        }
    };

    public TwoPhaseSite(ZooKeeperClient zk, String tx, String site, boolean watchAllVotes) {
        this.zk = zk;
        this.tx = tx;
        this.site = site;
        this.watchAllVotes = watchAllVotes;
    }

    /** Votes and completes with the transaction's outcome. */
    public CompletionStage<Outcome> vote(boolean yes) {
        announce(yes);
        return outcome;
    }

    private void announce(boolean yes) {
        zk.create(tx + "/alive-" + site, null, CreateMode.EPHEMERAL).whenComplete((created, error) -> {
            if (error == null || Stages.is(error, Code.NODEEXISTS)) {
                write(yes);
            } else if (Stages.isRecoverable(error)) {
                announce(yes);
            } else {
                outcome.completeExceptionally(Stages.unwrap(error));
            }
        });
    }

    private void write(boolean yes) {
        byte[] vote = (yes ? "yes" : "no").getBytes(StandardCharsets.UTF_8);
        zk.setData(tx + "/vote-" + site, vote, 0).whenComplete((stat, error) -> {
            if (error == null || Stages.is(error, Code.BADVERSION)) {
                check();
            } else if (Stages.isRecoverable(error)) {
                write(yes);
            } else {
                outcome.completeExceptionally(Stages.unwrap(error));
            }
        });
    }

    private void check() {
        if (outcome.isDone()) {
            return;
        }
        CompletableFuture<Outcome> decided = zk.exists(tx + "/decision", watcher).thenCompose(stat -> stat == null
                ? CompletableFuture.<Outcome>completedFuture(null)
                : zk.getData(tx + "/decision", false).thenApply(read ->
                        Outcome.valueOf(new String(read.data(), StandardCharsets.UTF_8)))).toCompletableFuture();
        CompletableFuture<List<Vote>> votes = watchAllVotes ? readVotes() : CompletableFuture.completedFuture(List.of());
        decided.thenCombine(votes, TwoPhaseDecision::site).whenComplete((next, error) -> {
            if (error != null && Stages.isRecoverable(error)) {
                check();
            } else if (error != null) {
                outcome.completeExceptionally(Stages.unwrap(error));
            } else if (next instanceof TwoPhaseDecision.Next.Decide decide) {
                outcome.complete(decide.outcome());
            }
        });
    }

    private CompletableFuture<List<Vote>> readVotes() {
        return zk.getChildren(tx, watcher).thenCompose(children -> {
            List<CompletableFuture<Vote>> reads = new ArrayList<>();
            children.stream().filter(child -> child.startsWith("vote-")).sorted().forEach(child -> reads.add(
                    zk.getData(tx + "/" + child, watcher).thenApply(read -> TwoPhaseDecision.parse(read.data()))
                            .toCompletableFuture()));
            return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new))
                    .thenApply(ok -> reads.stream().map(CompletableFuture::join).toList());
        }).toCompletableFuture();
    }
}
