package dev.zksim.conformance;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.conformance.Operation.Close;
import dev.zksim.conformance.Operation.Expire;
import dev.zksim.real.Blocking;
import dev.zksim.real.RealEnsemble;
import dev.zksim.real.RealZooKeeperClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs programs on one real ZooKeeper (a standalone server or a 3-server cluster, started
 * once and reused, since starting one per program would take seconds). Before each
 * program a long-lived harness handle deletes {@code /t} with everything below it and
 * creates it again; the program's clients then connect one by one and are closed at the
 * end. The root and {@code /zookeeper} keep the history of earlier programs, which is why
 * programs never read them (see {@link Normalizer}).
 *
 * <p>Determinism: each call is issued from inside a completion on the acting handle's
 * event thread (the completion of a sync), so its reply cannot be delivered before the
 * reply recorder is attached. After the reply, every live client runs a sync and waits for
 * it: a notification caused by the step reaches a client before its sync reply on the same
 * connection, so when the syncs are back every event of the step has been delivered.
 */
public final class RealSide implements Side {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int RECONNECT_ATTEMPTS = 20;

    private final RealEnsemble ensemble;
    private final int servers;
    private final RealZooKeeperClient admin;

    private RealSide(RealEnsemble ensemble, int servers) throws IOException, KeeperException {
        this.ensemble = ensemble;
        this.servers = servers;
        this.admin = Blocking.connect(ensemble.connectString(), sessionTimeout(ensemble), null, WAIT);
    }

    /** Starts a real standalone server (servers == 1) or cluster and connects the harness handle. */
    public static RealSide start(int servers) {
        // The servers log every transaction; an fsync per transaction would make the real side
        // ten times slower and proves nothing about observable behaviour. ZooKeeper reads this
        // property when a server starts, so it only affects servers started from here on.
        System.setProperty("zookeeper.forceSync", "no");
        try {
            RealEnsemble ensemble = servers == 1 ? RealEnsemble.standalone() : RealEnsemble.cluster(servers);
            return new RealSide(ensemble, servers);
        } catch (Exception e) {
            throw new IllegalStateException("cannot start a real ZooKeeper with " + servers + " server(s)", e);
        }
    }

    /** The longest session the servers allow (20 ticks): long enough never to expire by accident. */
    private static int sessionTimeout(RealEnsemble ensemble) {
        return ensemble.tickTimeMs() * 20;
    }

    @Override
    public String name() {
        return "zookeeper/" + servers;
    }

    @Override
    public Outcome run(Program program) {
        List<RealZooKeeperClient> clients = new ArrayList<>();
        try {
            long base = resetRoot();
            Observer observer = new Observer(program.clients());
            for (int i = 0; i < program.clients(); i++) {
                clients.add(Blocking.connect(ensemble.connectString(), sessionTimeout(ensemble),
                        observer.defaultWatcher(i), WAIT));
            }
            observer.connected(base, clients.stream().map(RealZooKeeperClient::sessionId).toList());
            settle(clients);
            observer.endStep(-1);
            for (Program.Step step : program.steps()) {
                runStep(observer, clients, step);
            }
            return observer.outcome();
        } catch (KeeperException | IOException e) {
            throw new IllegalStateException("the real ZooKeeper harness failed", e);
        } finally {
            clients.forEach(RealZooKeeperClient::close);
        }
    }

    private void runStep(Observer observer, List<RealZooKeeperClient> clients, Program.Step step)
            throws KeeperException, IOException {
        int index = step.client();
        RealZooKeeperClient client = clients.get(index);
        switch (step.op()) {
            case Close close -> Blocking.await(client.close(), WAIT);
            case Expire expire -> expire(observer, client, index);
            default -> Blocking.await(issueOnEventThread(observer, client, step), WAIT);
        }
        settle(clients);
        if (step.op() instanceof Close) {
            // The settling sync on the closed handle completes only after the event thread has
            // delivered Closed to every watcher, so the reply is recorded after all of them.
            observer.recordLine(index, "ok");
        }
        observer.endStep(step.op() instanceof Expire ? index : -1);
    }

    private void expire(Observer observer, RealZooKeeperClient client, int index) throws KeeperException, IOException {
        if (observer.ended(index)) {
            observer.recordLine(index, "expire refused: no live session");
            return;
        }
        ensemble.expireSession(client);
        Blocking.await(observer.end(index), WAIT);
    }

    private static CompletableFuture<Void> issueOnEventThread(Observer observer, ZooKeeperClient client,
                                                             Program.Step step) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        client.sync("/").whenComplete((ignored, error) -> {
            try {
                observer.recordReply(step.client(), Issuer.issue(client, step.op(), observer.ownWatcher(step.client())),
                        () -> done.complete(null));
            } catch (IllegalArgumentException e) {
                observer.recordLine(step.client(), "illegal-argument");
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    /**
     * Waits for a sync on every client; the ones whose session ended answer at once. A sync
     * queued while a client reconnects (after an oversized request) fails with
     * ConnectionLoss if that attempt fails, so it is repeated until the client is back.
     */
    private static void settle(List<RealZooKeeperClient> clients) throws KeeperException {
        for (RealZooKeeperClient client : clients) {
            for (int attempt = 1; ; attempt++) {
                try {
                    Blocking.await(client.sync("/"), WAIT);
                    break;
                } catch (KeeperException e) {
                    if (e.code() == KeeperException.Code.SESSIONEXPIRED) {
                        break;
                    }
                    if (e.code() != KeeperException.Code.CONNECTIONLOSS || attempt >= RECONNECT_ATTEMPTS) {
                        throw e;
                    }
                }
            }
        }
    }

    /** Deletes the previous program's tree and creates {@code /t}; returns its czxid. */
    private long resetRoot() throws KeeperException {
        Blocking.await(admin.sync("/"), WAIT);
        deleteTree(Program.ROOT);
        ZooKeeperClient.Created root = Blocking.await(admin.createWithStat(Program.ROOT, null, CreateMode.PERSISTENT), WAIT);
        return root.stat().czxid();
    }

    private void deleteTree(String path) throws KeeperException {
        List<String> children;
        try {
            children = Blocking.await(admin.getChildren(path, false), WAIT);
        } catch (KeeperException e) {
            if (e.code() == KeeperException.Code.NONODE) {
                return;
            }
            throw e;
        }
        for (String child : children) {
            deleteTree(path + "/" + child);
        }
        try {
            Blocking.await(admin.delete(path, -1), WAIT);
        } catch (KeeperException e) {
            if (e.code() != KeeperException.Code.NONODE) {
                throw e;
            }
        }
    }

    @Override
    public void close() {
        admin.close();
        try {
            ensemble.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
