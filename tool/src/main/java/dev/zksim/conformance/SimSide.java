package dev.zksim.conformance;

import dev.zksim.api.CreateMode;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.client.ClientState;
import dev.zksim.conformance.Operation.Close;
import dev.zksim.conformance.Operation.Expire;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Runs programs on a fresh simulated ensemble each (cheap, so nothing is reused). The
 * harness client creates {@code /t}, then the program's clients connect one at a time;
 * each step is issued and the simulation then runs until the reply and everything it
 * caused has arrived: one simulated second, more while a reply is missing (a reconnect
 * after an oversized request, an expiry). The ensemble's seed is the program's seed, so a
 * rerun is identical.
 */
public final class SimSide implements Side {
    private static final long SETTLE = Time.seconds(1);
    private static final int MAX_SETTLE_SECONDS = 60;

    private final int servers;

    /**
     * @throws IllegalStateException if an ensemble of this size never elects a serving
     *     leader (a branch without quorum mode builds N unrelated standalone servers, which
     *     would make every multi-server comparison meaningless)
     */
    public SimSide(int servers) {
        this.servers = servers;
        Ensemble probe = Ensemble.start(new SeededChoices(0), EnsembleConfig.defaults(servers));
        probe.runFor(Time.seconds(10));
        if (probe.leader().isEmpty()) {
            throw new IllegalStateException("zksim has no serving leader with " + servers
                    + " servers after 10 simulated seconds: quorum mode is not available on this build");
        }
    }

    @Override
    public String name() {
        return "zksim/" + servers;
    }

    @Override
    public Outcome run(Program program) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(program.seed()), EnsembleConfig.defaults(servers));
        Observer observer = new Observer(program.clients());
        EnsembleClient admin = ensemble.addClient((context, zk) -> { });
        settleUntil(ensemble, () -> admin.sessionId() != 0);
        CompletionStage<ZooKeeperClient.Created> root = admin.zk().createWithStat(Program.ROOT, null, CreateMode.PERSISTENT);
        settleUntil(ensemble, () -> root.toCompletableFuture().isDone());
        long base = root.toCompletableFuture().join().stat().czxid();
        List<EnsembleClient> clients = new ArrayList<>();
        for (int i = 0; i < program.clients(); i++) {
            EnsembleClient client = ensemble.addClient(recorder(observer, i));
            settleUntil(ensemble, () -> client.sessionId() != 0);
            clients.add(client);
        }
        observer.connected(base, clients.stream().map(EnsembleClient::sessionId).toList());
        observer.endStep(-1);
        for (Program.Step step : program.steps()) {
            runStep(ensemble, observer, clients, step);
        }
        return observer.outcome();
    }

    private static ClientProgram recorder(Observer observer, int index) {
        return new ClientProgram() {
            @Override
            public void started(ClientContext context, ZooKeeperClient zk) {
            }

            @Override
            public void process(WatchedEvent event) {
                observer.defaultWatcher(index).process(event);
            }
        };
    }

    private static void runStep(Ensemble ensemble, Observer observer, List<EnsembleClient> clients, Program.Step step) {
        int index = step.client();
        EnsembleClient client = clients.get(index);
        CompletableFuture<Void> done = new CompletableFuture<>();
        switch (step.op()) {
            case Close close -> {
                CompletionStage<Void> closed = client.zk().close();
                settleUntil(ensemble, () -> closed.toCompletableFuture().isDone());
                done.complete(null);
            }
            case Expire expire -> {
                if (observer.ended(index) || !ensemble.faults().expireSession(client.id())) {
                    observer.recordLine(index, "expire refused: no live session");
                }
                done.complete(null);
                settleUntil(ensemble, () -> observer.ended(index));
            }
            default -> issue(observer, client.zk(), step, done);
        }
        settleUntil(ensemble, done::isDone);
        if (Issuer.oversized(step.op()) || reconnecting(step, client, observer)) {
            ensemble.runFor(Time.seconds(5));
        }
        if (step.op() instanceof Close) {
            // Recorded after the step settles, as on the real side (see RealSide).
            observer.recordLine(index, "ok");
        }
        observer.endStep(step.op() instanceof Expire ? index : -1);
    }

    /**
     * True if a data step left its client's session alive but its connection dropped, as a
     * reply over the client's length limit does: the real side's settling syncs wait for the
     * reconnect, so this side lets it happen within the step too.
     */
    private static boolean reconnecting(Program.Step step, EnsembleClient client, Observer observer) {
        boolean sessionStep = step.op() instanceof Close || step.op() instanceof Expire;
        return !sessionStep && !observer.ended(step.client()) && client.zk().state() != ClientState.CONNECTED;
    }

    private static void issue(Observer observer, ZooKeeperClient zk, Program.Step step, CompletableFuture<Void> done) {
        try {
            CompletionStage<?> stage = Issuer.issue(zk, step.op(), observer.ownWatcher(step.client()));
            observer.recordReply(step.client(), stage, () -> done.complete(null));
        } catch (IllegalArgumentException e) {
            observer.recordLine(step.client(), "illegal-argument");
            done.complete(null);
        }
    }

    /** Runs one simulated second, then more seconds while the condition is false (up to a minute). */
    private static void settleUntil(Ensemble ensemble, java.util.function.BooleanSupplier condition) {
        ensemble.runFor(SETTLE);
        for (int i = 0; i < MAX_SETTLE_SECONDS && !condition.getAsBoolean(); i++) {
            ensemble.runFor(SETTLE);
        }
    }

    @Override
    public void close() {
    }
}
