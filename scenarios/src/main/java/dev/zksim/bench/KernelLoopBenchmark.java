package dev.zksim.bench;

import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.PriorityQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The bare kernel loop: schedule and dispatch, nothing else. {@value #ACTORS} actors each
 * reschedule themselves with a small varying delay until {@value #EVENTS} events have run,
 * so the queue holds a realistic few dozen entries with many ties. The baseline does the
 * same with a java.util.PriorityQueue of (time, sequence) objects, the obvious alternative,
 * so the report can state a ratio measured side by side.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
public class KernelLoopBenchmark {
    static final int EVENTS = 1_000_000;
    static final int ACTORS = 64;

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long zksimKernel() {
        Simulation simulation = new Simulation(new SeededChoices(1));
        simulation.trace().setEnabled(false);
        for (int i = 0; i < ACTORS; i++) {
            new Actor(simulation, i).schedule();
        }
        simulation.run(RunBounds.events(EVENTS));
        return simulation.now();
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long jdkPriorityQueueBaseline() {
        PriorityQueue<QueuedEvent> queue = new PriorityQueue<>();
        long sequence = 0;
        for (int i = 0; i < ACTORS; i++) {
            queue.add(new QueuedEvent(i, sequence++, i));
        }
        long now = 0;
        for (int dispatched = 0; dispatched < EVENTS; dispatched++) {
            QueuedEvent event = queue.poll();
            now = event.time();
            queue.add(new QueuedEvent(now + 1 + (event.actor() + dispatched) % 7, sequence++, event.actor()));
        }
        return now;
    }

    /** A self-rescheduling action, the shape of a node's periodic timer. */
    private static final class Actor implements Runnable {
        private final Simulation simulation;
        private final int id;
        private int fired;

        Actor(Simulation simulation, int id) {
            this.simulation = simulation;
            this.id = id;
        }

        void schedule() {
            simulation.schedule(1 + (id + fired) % 7, this);
        }

        @Override
        public void run() {
            fired++;
            schedule();
        }
    }

    record QueuedEvent(long time, long sequence, int actor) implements Comparable<QueuedEvent> {
        @Override
        public int compareTo(QueuedEvent other) {
            int byTime = Long.compare(time, other.time);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }
}
