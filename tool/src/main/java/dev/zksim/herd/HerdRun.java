package dev.zksim.herd;

import dev.zksim.kernel.Plural;
import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.support.Stages;
import dev.zksim.report.herd.HerdRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * One herd run: n clients of one variant on a fresh simulated ensemble. The clients connect,
 * the first makes the variant's directory, then every client starts its turn at one instant
 * and the run goes on until each has finished (acquired, held, released). The trace gives
 * the counts ({@link Tally}), the participants' own reports tell which notifications found a
 * client waiting ({@link Ledger}). A run that does not finish within its bound is an error
 * that says where it stopped.
 */
public final class HerdRun {
    private static final long STEP = Time.millis(10);
    private static final long START_DELAY = Time.millis(1);

    private final Variant variant;
    private final int clients;
    private final HerdSettings settings;
    private final Ledger ledger = new Ledger();
    private final List<HerdClient> programs = new ArrayList<>();
    private Ensemble ensemble;

    private HerdRun(Variant variant, int clients, HerdSettings settings) {
        if (clients < 2 || clients > HerdSettings.MAX_CLIENTS) {
            throw new IllegalArgumentException("a herd run needs 2 to " + HerdSettings.MAX_CLIENTS + " clients, not " + clients);
        }
        this.variant = variant;
        this.clients = clients;
        this.settings = settings;
    }

    /** Runs the variant with that many clients and returns what it measured. */
    public static HerdRow measure(Variant variant, int clients, HerdSettings settings) {
        return new HerdRun(variant, clients, settings).run();
    }

    private HerdRow run() {
        EnsembleConfig config = EnsembleConfig.defaults(settings.servers()).withSelfChecks(false)
                .withNetworkDelay(settings.networkDelay());
        ensemble = Ensemble.start(new SeededChoices(settings.seed()), config);
        for (int i = 0; i < clients; i++) {
            HerdClient program = new HerdClient(variant, clients, ledger, settings.hold());
            programs.add(program);
            ensemble.addClient(program);
        }
        runUntil("every client connected", Time.seconds(30), () -> programs.stream().allMatch(HerdClient::connected));
        makeDirectory();
        long start = ensemble.simulation().now() + START_DELAY;
        Tally tally = new Tally(start);
        ensemble.simulation().trace().addSink(tally);
        programs.forEach(program -> program.beginAfter(START_DELAY));
        runUntil("every client finished its turn", Time.seconds(30) + clients * Time.millis(500),
                () -> ledger.finishedCount() == clients || !ledger.failures().isEmpty());
        if (!ledger.failures().isEmpty()) {
            throw new IllegalStateException(where() + " failed: " + ledger.failures());
        }
        return row(tally, ledger.lastFinish() - start);
    }

    /** Makes /herd and the variant's path, so the measured window holds only the recipe's own work. */
    private void makeDirectory() {
        CompletableFuture<String> made = programs.getFirst().zk().create("/herd", null, CreateMode.PERSISTENT)
                .exceptionally(error -> existsAlready(error, "/herd"))
                .thenCompose(ok -> programs.getFirst().zk().create(variant.path(), null, CreateMode.PERSISTENT))
                .toCompletableFuture();
        runUntil("the directory made", Time.seconds(10), made::isDone);
        made.join();
    }

    private static String existsAlready(Throwable error, String path) {
        if (Stages.is(error, KeeperException.Code.NODEEXISTS)) {
            return path;
        }
        throw new IllegalStateException("cannot make " + path, error);
    }

    private void runUntil(String goal, long bound, BooleanSupplier done) {
        long deadline = ensemble.simulation().now() + bound;
        while (!done.getAsBoolean()) {
            if (ensemble.simulation().now() >= deadline) {
                throw new IllegalStateException(where() + ": not " + goal + " after " + Time.formatSeconds(bound) + " (simulated); "
                        + ledger.finishedCount() + " of " + clients + " finished, " + Plural.of(ledger.acquisitions(), "acquisition"));
            }
            ensemble.runFor(STEP);
        }
    }

    private String where() {
        return "herd run of " + variant.label() + " with " + clients + " clients, seed " + settings.seed();
    }

    private HerdRow row(Tally tally, long elapsed) {
        long wakeups = 0;
        long futile = 0;
        for (String client : ensemble.clientIds()) {
            List<Long> times = tally.notificationTimes(client);
            for (Ledger.Spell spell : ledger.spells(client)) {
                long inSpell = times.stream().filter(spell::covers).count();
                wakeups += inSpell;
                // Every wakeup but the one that led to progress found the client still waiting.
                futile += spell.to() >= 0 ? Math.max(0, inSpell - 1) : inSpell;
            }
        }
        return new HerdRow(clients, ledger.acquisitions(), variant.handoffs(clients), tally.notifications(), wakeups,
                futile, tally.reads(), tally.requests(), tally.peakBurst(), elapsed);
    }
}
