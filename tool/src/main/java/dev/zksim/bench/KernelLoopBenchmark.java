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
 * so the queue holds a realistic few dozen entries with many ties. The baseline runs the
 * same actors on the obvious alternative, a java.util.PriorityQueue of (time, sequence,
 * action) objects, so the report states a ratio measured side by side.
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
            new Actor(simulation::schedule, i).schedule();
        }
        simulation.run(RunBounds.events(EVENTS));
        return simulation.now();
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long jdkPriorityQueueBaseline() {
        PriorityQueueLoop loop = new PriorityQueueLoop();
        for (int i = 0; i < ACTORS; i++) {
            new Actor(loop, i).schedule();
        }
        return loop.run(EVENTS);
    }

    /** How an actor asks for its next turn, so both loops run the very same actors. */
    interface Scheduler {
        void schedule(long delay, Runnable action);
    }

    /** A self-rescheduling action, the shape of a node's periodic timer. */
    static final class Actor implements Runnable {
        private final Scheduler scheduler;
        private final int id;
        private int fired;

        Actor(Scheduler scheduler, int id) {
            this.scheduler = scheduler;
            this.id = id;
        }

        void schedule() {
            scheduler.schedule(1 + (id + fired) % 7, this);
        }

        @Override
        public void run() {
            fired++;
            schedule();
        }
    }

    /** The obvious event loop: a PriorityQueue of (time, sequence, action) objects. */
    private static final class PriorityQueueLoop implements Scheduler {
        private final PriorityQueue<QueuedEvent> queue = new PriorityQueue<>();
        private long now;
        private long sequence;

        @Override
        public void schedule(long delay, Runnable action) {
            queue.add(new QueuedEvent(now + delay, sequence++, action));
        }

        long run(int events) {
            for (int dispatched = 0; dispatched < events && !queue.isEmpty(); dispatched++) {
                QueuedEvent event = queue.poll();
                now = event.time();
                event.action().run();
            }
            return now;
        }
    }

    record QueuedEvent(long time, long sequence, Runnable action) implements Comparable<QueuedEvent> {
        @Override
        public int compareTo(QueuedEvent other) {
            int byTime = Long.compare(time, other.time);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }
}
