package dev.zksim.bench;

import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The simulated ensemble at full speed: {@value #CLIENTS} clients in a closed loop (each
 * issues its next operation when the last completes) against 3 or 5 servers, write-heavy
 * (90% setData) or read-heavy (90% getData), with the self-checks and the trace off. Each
 * iteration starts a fresh ensemble and lets it settle for {@value #SETTLE_SECONDS} simulated
 * seconds; each invocation then simulates {@value #SLICE_MILLIS} ms of the steady state; the
 * counters report simulated events and client operations per wall-clock second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
public class EnsembleBenchmark {
    static final int CLIENTS = 10;
    /** Simulated time before measuring: the election and every client's first create. */
    static final int SETTLE_SECONDS = 5;
    static final int SLICE_MILLIS = 50;

    @Param({"3", "5"})
    public int servers;

    @Param({"write-heavy", "read-heavy"})
    public String workload;

    /**
     * Every iteration simulates the same run, so iterations differ only in the machine's noise:
     * with a seed per iteration they also differed in where the leader landed and which
     * clients shared a server.
     */
    private static final long SEED = 42;
    private Ensemble ensemble;
    private long[] operations;

    /** JMH reports each public field as a rate: events and operations per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Rates {
        public long events;
        public long clientOps;

        @Setup(Level.Iteration)
        public void reset() {
            events = 0;
            clientOps = 0;
        }
    }

    /**
     * A fresh ensemble per iteration, elected and with its clients looping, so that every
     * invocation measures the steady state. An invocation that included the election (as
     * it once did) mixed two very different costs, and the error bars came out larger than
     * the scores.
     */
    @Setup(Level.Iteration)
    public void startEnsemble() {
        ensemble = Ensemble.start(new SeededChoices(SEED), EnsembleConfig.defaults(servers).withSelfChecks(false));
        ensemble.simulation().trace().setEnabled(false);
        operations = new long[1];
        int writePercent = workload.equals("write-heavy") ? 90 : 10;
        for (int i = 0; i < CLIENTS; i++) {
            ensemble.addClient(new ClosedLoop("/k" + i, writePercent, operations));
        }
        ensemble.runFor(Time.seconds(SETTLE_SECONDS));
    }

    /** Simulates {@value #SLICE_MILLIS} ms of the steady state. */
    @Benchmark
    public long simulate(Rates rates) {
        long eventsBefore = ensemble.simulation().eventsDispatched();
        long operationsBefore = operations[0];
        ensemble.runFor(Time.millis(SLICE_MILLIS));
        rates.events += ensemble.simulation().eventsDispatched() - eventsBefore;
        rates.clientOps += operations[0] - operationsBefore;
        return operations[0];
    }

    /** Issues the next operation as soon as the previous one completes. */
    private record ClosedLoop(String path, int writePercent, long[] operations) implements ClientProgram {
        @Override
        public void started(ClientContext context, ZooKeeperClient zk) {
            create(context, zk);
        }

        /** Until the node exists (elections may refuse the first attempts), keep creating it. */
        private void create(ClientContext context, ZooKeeperClient zk) {
            zk.exists(path, false).thenCompose(stat -> stat != null ? CompletableFuture.completedFuture(path)
                            : zk.create(path, new byte[16], CreateMode.PERSISTENT))
                    .whenComplete((created, error) -> {
                        if (error == null) {
                            loop(context, zk);
                        } else {
                            context.schedule(Time.millis(100), () -> create(context, zk));
                        }
                    });
        }

        private void loop(ClientContext context, ZooKeeperClient zk) {
            boolean write = context.choices().intIn(1, 100) <= writePercent;
            CompletionStage<?> call = write ? zk.setData(path, new byte[16], -1) : zk.getData(path, false);
            call.whenComplete((result, error) -> {
                operations[0]++;
                loop(context, zk);
            });
        }
    }
}
