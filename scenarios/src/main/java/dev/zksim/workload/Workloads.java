package dev.zksim.workload;

import dev.zksim.api.KeeperException;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.kernel.ProgrammingErrors;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.process.ProcessListener;
import dev.zksim.kernel.process.SimProcess;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;

/** Installing recorded programs, and naming errors for history notes. */
public final class Workloads {
    /**
     * The least pause a writer leaves between its writes (the configuration's and the cache's
     * writers draw each pause from this up to their scenario's gap), so that readers can see
     * most versions, not only the last.
     */
    public static final long MIN_WRITE_GAP = Time.millis(20);

    private Workloads() {
    }

    /**
     * Adds a client running the program and tells its log of every crash, so the crash ends
     * the client's open operations and its holds in the history at the moment it happens.
     */
    public static EnsembleClient add(Ensemble ensemble, Recorded program) {
        EnsembleClient client = ensemble.addClient(program);
        client.process().addListener(new ProcessListener() {
            @Override
            public void crashed(SimProcess process) {
                program.log().crashed();
            }
        });
        return client;
    }

    /**
     * A short name for an error: the KeeperException code, or the exception's class; for a
     * bug of the code under test ({@link ProgrammingErrors}), {@link ProgrammingErrors#NOTE}
     * and the exception with the place it was thrown, which ends the run.
     */
    public static String describe(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (ProgrammingErrors.isBug(cause)) {
            return ProgrammingErrors.NOTE + ProgrammingErrors.describe(cause);
        }
        return cause instanceof KeeperException keeper ? keeper.code().name() : cause.getClass().getSimpleName();
    }

    /**
     * Whether an error leaves the outcome unknown: a connection loss or expiry may have hit
     * a request that the servers had already applied.
     */
    public static boolean uncertain(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof KeeperException keeper) {
            return switch (keeper.code()) {
                case CONNECTIONLOSS, SESSIONEXPIRED, OPERATIONTIMEOUT, SESSIONMOVED -> true;
                default -> false;
            };
        }
        return true;
    }

    /** Whether an error is the recipe's answer to a give-up: a {@link CancellationException}. */
    public static boolean givenUp(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof CancellationException;
    }
}
