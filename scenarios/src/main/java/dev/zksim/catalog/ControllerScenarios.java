package dev.zksim.catalog;

import dev.zksim.api.KeeperException;
import dev.zksim.api.Op;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.recipes.election.ElectionState;
import dev.zksim.recipes.election.LeaderElection;
import dev.zksim.recipes.support.Stages;
import dev.zksim.scenario.Scenario;
import dev.zksim.testkit.ControllerUnderTest;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.Profiles;
import dev.zksim.testkit.TestClient;
import dev.zksim.testkit.Testkit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Controllers: zksim's election with a leader that writes shared state. Both variants retry a
 * write until the servers accept or refuse it, as many controllers do, through the handle
 * that follows the client's sessions. The fenced one writes with a multi that first checks
 * the version of the election's ack znode, which every takeover bumps (the epoch node): a
 * retry that outlived its term is refused. The unfenced one is the canary: after its session
 * expired and the client opened a new one, its retry lands after a newer leader's writes.
 */
public final class ControllerScenarios {
    private static final String DIR = "/controller/election";
    /** LeaderElection's ack znode, whose version after a takeover is the leader's epoch. */
    private static final String EPOCH = DIR + "/leader";
    private static final long RETRY_AFTER = Time.millis(100);

    /** Writes fenced by the epoch: multi(check(ack znode, epoch), setData(state)). */
    public static final ControllerUnderTest.Factory FENCED = (client, events) -> controller(client, events, true);

    /** Plain setData, retried until accepted: the zombie's stale write gets through. */
    public static final ControllerUnderTest.Factory UNFENCED = (client, events) -> controller(client, events, false);

    private ControllerScenarios() {
    }

    /**
     * With paused clients too: a leader paused past its session believes it leads until it is
     * told, which the single-leader check excuses, and its writes are what fencing must stop.
     */
    public static Scenario fenced() {
        return Testkit.controller("leader-writes", FENCED)
                .title("Controller: the leader writes shared state, fenced by the epoch, under random faults")
                .faults(0, 3, Time.seconds(4), Profiles.withPausedClients())
                .build();
    }

    /** Partitions outlast the session timeout, so that a cut-off leader's retry meets a newer leader. */
    public static Scenario unfencedCanary() {
        return Testkit.controller("canary-unfenced-leader-writes", UNFENCED)
                .title("Canary: a leader whose retried, unfenced write lands after a newer leader's")
                .candidates(2, 4).servers(1, 3)
                .faults(config -> new FaultProfile(List.of(FaultKind.PARTITION), 1, 2, Time.millis(500),
                        Time.seconds(3), Time.millis(config.sessionTimeoutMs()) * 3 / 2,
                        Time.millis(config.sessionTimeoutMs()) * 3))
                .build();
    }

    private static ControllerUnderTest controller(TestClient client, HolderEvents events, boolean fenced) {
        LeaderElection election = new LeaderElection(client.zk(), client.connection(), DIR, client.uniqueName(),
                ElectionScenarios.listener(events));
        return new ControllerUnderTest() {
            @Override
            public void start() {
                election.start();
            }

            @Override
            public CompletionStage<Void> stop() {
                return election.stop();
            }

            @Override
            public CompletionStage<Stat> writeState(String path, byte[] state) {
                if (!(election.state() instanceof ElectionState.Leading leading)) {
                    return Stages.failed(new IllegalStateException("not leading"));
                }
                Supplier<CompletionStage<Stat>> write = fenced ? () -> fencedWrite(client, path, state, leading.epoch())
                        : () -> client.zk().setData(path, state, -1);
                CompletableFuture<Stat> done = new CompletableFuture<>();
                attempt(client, write, done);
                return done;
            }
        };
    }

    private static CompletionStage<Stat> fencedWrite(TestClient client, String path, byte[] state, long epoch) {
        return client.zk().multi(List.of(Op.check(EPOCH, (int) epoch), Op.setData(path, state, -1)))
                .thenApply(results -> ((OpResult.SetDataResult) results.get(1)).stat());
    }

    /** Tries until the servers accept the write or refuse it on its merits (a failed check). */
    private static void attempt(TestClient client, Supplier<CompletionStage<Stat>> write, CompletableFuture<Stat> done) {
        write.get().whenComplete((stat, error) -> {
            if (error == null) {
                done.complete(stat);
            } else if (Stages.is(error, KeeperException.Code.BADVERSION) || Stages.is(error, KeeperException.Code.NONODE)) {
                done.completeExceptionally(Stages.unwrap(error));
            } else {
                client.schedule(RETRY_AFTER, () -> attempt(client, write, done));
            }
        });
    }
}
