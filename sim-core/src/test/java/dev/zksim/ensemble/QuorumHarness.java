package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperException;
import dev.zksim.api.WatchedEvent;
import dev.zksim.client.SimZooKeeper;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.ServerRole;
import dev.zksim.server.ZkServer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;

/**
 * A quorum ensemble with the real simulated client library, and clients pinned to chosen
 * servers (a client process of its own whose server list is given), for end-to-end tests.
 */
final class QuorumHarness {
    /** A client process, its handle and the session events its default watcher saw. */
    static final class Client {
        final List<WatchedEvent> events = new ArrayList<>();
        SimProcess process;
        SimZooKeeper zk;
    }

    final Ensemble ensemble;
    private int clients;

    QuorumHarness(long seed, int servers, UnaryOperator<EnsembleConfig> tweak) {
        ensemble = Ensemble.start(new SeededChoices(seed), tweak.apply(EnsembleConfig.defaults(servers)));
    }

    QuorumHarness(long seed, int servers) {
        this(seed, servers, UnaryOperator.identity());
    }

    /** Runs until a leader serves and every running server serves, within the bound. */
    String awaitServing(long within) {
        long end = ensemble.simulation().now() + within;
        while (ensemble.simulation().now() < end) {
            ensemble.runFor(Time.millis(50));
            Optional<String> leader = ensemble.leader();
            if (leader.isPresent() && allRunningServe()) {
                return leader.get();
            }
        }
        throw new AssertionError("no serving ensemble after " + Time.format(within) + ": " + describe());
    }

    /** Runs until a leader other than {@code old} serves, with a quorum of servers serving. */
    String awaitNewLeader(String old, long within) {
        long end = ensemble.simulation().now() + within;
        while (ensemble.simulation().now() < end) {
            ensemble.runFor(Time.millis(50));
            Optional<String> leader = ensemble.leader();
            if (leader.isPresent() && !leader.get().equals(old) && servingCount() * 2 > ensemble.serverIds().size()) {
                return leader.get();
            }
        }
        throw new AssertionError("no new leader after " + Time.format(within) + ": " + describe());
    }

    private boolean allRunningServe() {
        for (String id : ensemble.serverIds()) {
            if (ensemble.serverProcess(id).state() == SimProcess.State.RUNNING && !server(id).isServing()) {
                return false;
            }
        }
        return true;
    }

    int servingCount() {
        int count = 0;
        for (String id : ensemble.serverIds()) {
            Optional<ZkServer> server = ensemble.server(id);
            if (ensemble.serverProcess(id).state() == SimProcess.State.RUNNING && server.isPresent()
                    && server.get().isServing()) {
                count++;
            }
        }
        return count;
    }

    ZkServer server(String id) {
        return ensemble.server(id).orElseThrow(() -> new AssertionError(id + " is down"));
    }

    String describe() {
        StringBuilder text = new StringBuilder();
        for (String id : ensemble.serverIds()) {
            Optional<ZkServer> server = ensemble.server(id);
            text.append(id).append('=').append(ensemble.serverProcess(id).state());
            server.ifPresent(s -> text.append('/').append(s.role()).append(s.isServing() ? "+serving" : "")
                    .append("/e").append(s.currentEpoch()).append("/0x").append(Long.toHexString(s.lastProcessedZxid())));
            text.append(' ');
        }
        return text.toString();
    }

    /** A follower of the current leader, the first in id order. */
    String follower() {
        for (String id : ensemble.serverIds()) {
            Optional<ZkServer> server = ensemble.server(id);
            if (server.isPresent() && server.get().role() == ServerRole.FOLLOWING && server.get().isServing()) {
                return id;
            }
        }
        throw new AssertionError("no serving follower: " + describe());
    }

    /** A client that may connect only to the given servers, in a process of its own. */
    Client client(String... servers) {
        String id = "q" + (++clients);
        Client client = new Client();
        SimProcess process = new SimProcess(ensemble.simulation(), id, p -> () -> client.zk = new SimZooKeeper(p,
                ensemble.network(), List.of(servers), ensemble.config().sessionTimeoutMs(), client.events::add),
                ensemble.config().crashPolicy());
        client.process = process;
        ensemble.network().register(process);
        process.start();
        ensemble.runFor(Time.millis(500));
        return client;
    }

    /** Runs until the stage completes (at most 20 simulated seconds) and returns its value. */
    <T> T await(CompletionStage<T> stage) {
        CompletableFuture<T> future = stage.toCompletableFuture();
        runUntilDone(future);
        assertThat(future).as("completed normally").isCompletedWithValueMatching(v -> true);
        return future.getNow(null);
    }

    KeeperException.Code failure(CompletionStage<?> stage) {
        CompletableFuture<?> future = stage.toCompletableFuture();
        runUntilDone(future);
        assertThat(future).isCompletedExceptionally();
        return stage.handle((value, error) -> ((KeeperException) unwrap(error)).code()).toCompletableFuture().join();
    }

    private void runUntilDone(CompletableFuture<?> future) {
        long end = ensemble.simulation().now() + Time.seconds(20);
        while (!future.isDone() && ensemble.simulation().now() < end) {
            ensemble.runFor(Time.millis(10));
        }
    }

    private static Throwable unwrap(Throwable error) {
        return error.getCause() != null && !(error instanceof KeeperException) ? error.getCause() : error;
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static String text(byte[] data) {
        return data == null ? null : new String(data, StandardCharsets.UTF_8);
    }
}
