package dev.zksim.official;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.official.threads.SimulatedThreads;
import java.util.List;

/**
 * A simulated ensemble whose clients run code written for the official ZooKeeper client.
 * All its clients share one set of simulated threads, so one thread of the whole run
 * executes at a time and the order is drawn from the ensemble's choice stream
 * ({@code "threads"}).
 */
public final class OfficialEnsemble {
    private final Ensemble ensemble;
    private final SimulatedThreads threads;

    public OfficialEnsemble(Ensemble ensemble) {
        this.ensemble = ensemble;
        this.threads = new SimulatedThreads(ensemble.simulation(), ensemble.simulation().choices().stream("threads"),
                "threads");
    }

    /** Adds a client process that runs {@code body} as a simulated thread at each (re)start. */
    public EnsembleClient addClient(OfficialClientProgram.Body body) {
        return ensemble.addClient(new OfficialClientProgram(this, body));
    }

    public Ensemble ensemble() {
        return ensemble;
    }

    public SimulatedThreads threads() {
        return threads;
    }

    /**
     * Ends every simulated thread left (they are interrupted) after the run, so that none
     * outlives it; returns the names of any that would not end.
     */
    public List<String> shutdown() {
        return threads.shutdown();
    }
}
