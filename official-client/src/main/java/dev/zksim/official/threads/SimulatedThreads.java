package dev.zksim.official.threads;

import dev.zksim.agent.bridge.Bridge;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.ProgrammingErrors;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.trace.TraceEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs blocking user code as simulated threads: virtual threads whose scheduler is the
 * simulation. Starting or waking a simulated thread puts its continuation on a ready list;
 * a simulation event then runs one continuation, chosen from the ready list by the choice
 * stream, on the simulation thread until it blocks again. So one thread runs at a time, in
 * an order that is a choice, and every block and wake-up happens at an instant of virtual
 * time. {@link #sleep} parks in virtual time.
 *
 * <p>What cannot be deterministic is detected when it happens and ends the run with a
 * {@link FailureKind#NONDETERMINISM} failure that explains it in one line: a wake-up that
 * comes from a thread the simulation does not drive (the JDK's timer thread after
 * {@code Thread.sleep} or a timed wait, its monitor unblocker after {@code synchronized}
 * contention or {@code Object.wait}, a user-started platform thread or executor), a simulated
 * thread that parks with a real-time timeout, or one that blocks on a monitor.
 */
@SuppressForbidden("simulated threads are virtual threads whose scheduler is the simulation itself")
public final class SimulatedThreads implements ClientContext.Waiters {
    private static final ThreadLocal<SimulatedThreads> OWNER = new ThreadLocal<>();

    static {
        // With the agent, rewritten code on a simulated thread reaches its simulation here;
        // on any other thread the resolver answers null and the code runs as written.
        Bridge.install(() -> {
            SimulatedThreads owner = OWNER.get();
            return owner == null ? null : owner.agentRuntime();
        });
    }

    /**
     * One scheduling step, in the trace (and so in the digest): which of how many ready
     * continuations ran, and how many simulated threads are alive after it.
     */
    public record ThreadStep(int chosen, int readyBefore, int liveAfter) implements TraceEvent {
    }

    /**
     * A wait in {@code Object.wait} that a {@code spurious-wakeup} fault ended as it began:
     * the fault found no thread waiting and left its wake-up for the next wait.
     */
    public record WaitEndedAtOnce(String thread) implements TraceEvent {
    }

    /**
     * What the simulated threads need of the simulation: its clock, events at a later instant,
     * and the trace. A host may bind the events to one client process, so that a crash of the
     * process stops its threads for good, as it stops a real process's threads.
     */
    public interface Host {
        /** Simulated time in microseconds. */
        long now();

        /** Runs {@code action} as a simulation event after {@code delayMicros}. */
        void schedule(long delayMicros, Runnable action);

        /** Writes a scheduling step into the trace (and so into the digest), or drops it. */
        void trace(TraceEvent event);
    }

    private final Host host;
    private final Choices choices;
    private final Thread.Builder builder;
    private final List<Runnable> ready = new ArrayList<>();
    private final Map<Thread, String> live = new LinkedHashMap<>();
    private final ConcurrentLinkedQueue<String> foreignWakes = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Runnable> foreignTasks = new ConcurrentLinkedQueue<>();
    private final List<SimulationFailure> failures = new ArrayList<>();
    private final Map<Thread, List<Thread>> joiners = new LinkedHashMap<>();
    private final PlatformThreadWatch platformThreads = new PlatformThreadWatch();
    private AgentRuntime agent;
    private boolean shuttingDown;
    private boolean starting;
    private Thread driver;
    private boolean dispatchScheduled;
    private int started;
    private long steps;

    /** Simulated threads of one simulation; their order is drawn from {@code choices}. */
    public SimulatedThreads(Simulation simulation, Choices choices, String traceProcess) {
        this(hostOf(Objects.requireNonNull(simulation, "simulation"), Objects.requireNonNull(traceProcess, "traceProcess")),
                choices);
    }

    /** Simulated threads on {@code host}; their order is drawn from {@code choices}. */
    public SimulatedThreads(Host host, Choices choices) {
        this.host = Objects.requireNonNull(host, "host");
        this.choices = Objects.requireNonNull(choices, "choices");
        this.builder = VirtualThreadScheduler.builder(this::submit);
        this.driver = Thread.currentThread();
    }

    private static Host hostOf(Simulation simulation, String traceProcess) {
        return new Host() {
            @Override
            public long now() {
                return simulation.now();
            }

            @Override
            public void schedule(long delayMicros, Runnable action) {
                simulation.schedule(delayMicros, action);
            }

            @Override
            public void trace(TraceEvent event) {
                simulation.trace().emit(traceProcess, event);
            }
        };
    }

    /** Starts {@code body} as a simulated thread; it first runs at a later simulation event. */
    public Thread start(String name, Runnable body) {
        if (OWNER.get() == null) {
            // Whoever starts threads from outside a simulated thread is the one driving the simulation.
            driver = Thread.currentThread();
        }
        Thread thread = factory(name).newThread(body);
        starting = true;
        try {
            thread.start();
        } finally {
            starting = false;
        }
        return thread;
    }

    /**
     * A thread factory whose threads are simulated threads of this set, for a library that
     * takes one (Curator's builder, an executor): the library starts them, the simulation
     * schedules them. Each thread's name is {@code name#n}.
     */
    public ThreadFactory factory(String name) {
        return body -> newThread(name + "#" + started, body);
    }

    /** An unstarted simulated thread named exactly {@code name} (the agent keeps user threads' names). */
    Thread newThread(String name, Runnable body) {
        int index = started++;
        Thread thread = builder.name(name).unstarted(() -> runBody(index, body));
        live.put(thread, name);
        return thread;
    }

    private void runBody(int index, Runnable body) {
        OWNER.set(this);
        try {
            if (agent != null) {
                agent.seedThreadLocalRandom(index);
            }
            body.run();
        } catch (RuntimeException | Error e) {
            if (!shuttingDown && !(e instanceof AgentRuntime.Stopped)) {
                fail(FailureKind.SIMULATOR_CRASH, "simulated thread '" + live.get(Thread.currentThread())
                        + "' died with " + ProgrammingErrors.describe(e), e);
            }
        } finally {
            live.remove(Thread.currentThread());
            wakeJoiners(Thread.currentThread());
        }
    }

    /** Records a failure that the next scheduling step turns into a failed run. */
    void fail(FailureKind kind, String message, Throwable cause) {
        failures.add(new SimulationFailure(kind, host.now(), message, cause));
    }

    /** The agent's view of this set of threads, made when rewritten code first asks for it. */
    AgentRuntime agentRuntime() {
        if (agent == null) {
            agent = new AgentRuntime(this, host, choices);
        }
        return agent;
    }

    /**
     * Ends every wait in {@code Object.wait} of these threads without a notify, as the JVM's
     * spurious wake-up may, and returns how many it ended: what the {@code spurious-wakeup}
     * fault does. Only code rewritten by the agent waits on the simulation's monitors: before
     * such code has run on these threads there is nothing to wake, and the answer is -1. Call
     * it between steps, from the simulation.
     */
    @Override
    public int wakeAll() {
        return agent == null ? -1 : agent.wakeWaiters();
    }

    /** Makes the next wait in {@code Object.wait} to begin on these threads end at once. */
    @Override
    public void wakeNext() {
        if (agent != null) {
            agent.wakeNextWait();
        }
    }

    /** True if {@code thread} is a simulated thread of this set that has not ended. */
    boolean isLive(Thread thread) {
        return live.containsKey(thread);
    }

    /**
     * Runs {@code park} with the calling thread registered as a joiner of {@code thread}, whose
     * end unparks it; {@code park} decides how long the caller may wait besides.
     */
    void awaitEnd(Thread thread, Runnable park) {
        joiners.computeIfAbsent(thread, t -> new ArrayList<>()).add(Thread.currentThread());
        park.run();
        List<Thread> waiting = joiners.get(thread);
        if (waiting != null) {
            waiting.remove(Thread.currentThread());
        }
    }

    private void wakeJoiners(Thread ended) {
        List<Thread> waiting = joiners.remove(ended);
        if (waiting != null) {
            for (Thread joiner : waiting) {
                LockSupport.unpark(joiner);
            }
        }
    }

    /** True on a simulated thread of any simulation. */
    public static boolean onSimulatedThread() {
        return OWNER.get() != null;
    }

    /** The calling thread's name, for error messages. */
    public static String currentThreadName() {
        return Thread.currentThread().getName();
    }

    /** The simulated threads the calling thread belongs to, or null on any other thread. */
    public static SimulatedThreads current() {
        return OWNER.get();
    }

    /**
     * Parks the calling simulated thread for {@code micros} of virtual time. This is the
     * replacement for {@code Thread.sleep}, whose timeout runs on the real clock.
     */
    public static void sleep(long micros) throws InterruptedException {
        SimulatedThreads owner = OWNER.get();
        if (owner == null) {
            throw new IllegalStateException("SimulatedThreads.sleep called outside a simulated thread");
        }
        owner.sleepHere(micros);
    }

    private void sleepHere(long micros) throws InterruptedException {
        Thread self = Thread.currentThread();
        boolean[] due = {false};
        host.schedule(Math.max(0, micros), () -> {
            due[0] = true;
            LockSupport.unpark(self);
        });
        while (!due[0]) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted in SimulatedThreads.sleep");
            }
        }
    }

    /** The executor the virtual threads are scheduled on: every wake-up lands here. */
    private void submit(Runnable continuation) {
        Thread caller = Thread.currentThread();
        SimulatedThreads waker = OWNER.get();
        // A simulated thread of another set driven by the same thread (another client of the
        // same run) wakes this one inside the same simulation event: that is deterministic too.
        if (starting || waker == this || caller == driver || (waker != null && waker.driver == driver)) {
            enqueue(continuation);
            return;
        }
        // Another thread is running concurrently with the simulation: nothing may be touched
        // here but the concurrent queues, which the next dispatch turns into a failure.
        foreignWakes.add(describeForeign(caller));
        foreignTasks.add(continuation);
    }

    private void enqueue(Runnable continuation) {
        ready.add(continuation);
        if (!dispatchScheduled) {
            dispatchScheduled = true;
            host.schedule(0, this::dispatch);
        }
    }

    /** One simulation event: runs one ready simulated thread until it blocks again. */
    private void dispatch() {
        dispatchScheduled = false;
        driver = Thread.currentThread();
        failOnForeignWake();
        if (ready.isEmpty()) {
            return;
        }
        int readyBefore = ready.size();
        int index = readyBefore == 1 ? 0 : (int) choices.draw(readyBefore);
        Runnable continuation = ready.remove(index);
        if (agent != null) {
            agent.stepStarts();
        }
        platformThreads.beforeStep();
        continuation.run();
        steps++;
        platformThreads.failIfStarted(host.now());
        afterStep();
        host.trace(new ThreadStep(index, readyBefore, live.size()));
        if (!ready.isEmpty() && !dispatchScheduled) {
            dispatchScheduled = true;
            host.schedule(0, this::dispatch);
        }
    }

    /** Inspects every live thread after a step: the one that just ran may have blocked badly. */
    private void afterStep() {
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        int runnable = 0;
        for (Map.Entry<Thread, String> entry : live.entrySet()) {
            Thread.State state = entry.getKey().getState();
            if (state == Thread.State.RUNNABLE) {
                runnable++;
            }
            if (state == Thread.State.BLOCKED && Bridge.agentLoaded() && ForeignMonitor.awaitRelease(entry.getKey(),
                    foreignTasks)) {
                continue;
            }
            String why = BlockingDiagnosis.explain(state);
            if (why != null) {
                throw new SimulationFailure(FailureKind.NONDETERMINISM, host.now(),
                        "simulated thread '" + entry.getValue() + "' " + why
                                + (Bridge.agentLoaded() ? " [at " + UserFrame.of(entry.getKey()) + "]"
                                        : BlockingDiagnosis.WITHOUT_AGENT));
            }
        }
        if (Bridge.agentLoaded()) {
            if (runnable > ready.size() + foreignTasks.size()) {
                ForeignMonitor.awaitUnblocking(live.keySet(), () -> ready.size() + foreignTasks.size());
            }
            ForeignMonitor.adoptHandBacks(foreignWakes, foreignTasks, this::enqueue);
        }
        failOnForeignWake();
    }

    private void failOnForeignWake() {
        String wake = foreignWakes.peek();
        if (wake != null) {
            throw new SimulationFailure(FailureKind.NONDETERMINISM, host.now(), wake);
        }
    }

    /**
     * Checks at the end of a run (or at any quiet point) that nothing woke a simulated thread
     * from outside the simulation meanwhile; throws the one-line explanation if something did.
     */
    public void check() {
        failOnForeignWake();
    }

    private static String describeForeign(Thread caller) {
        return BlockingDiagnosis.explainForeignWake(caller.getName(), caller.isVirtual());
    }

    /** Simulated threads started and not yet finished, by name, in start order. */
    public List<String> liveThreads() {
        return List.copyOf(live.values());
    }

    /** Scheduling steps run so far (one per continuation run). */
    public long steps() {
        return steps;
    }

    /**
     * Interrupts every unfinished simulated thread and runs them on the calling thread
     * until none is ready, so that no parked virtual thread outlives its simulation.
     * Returns the names of threads that are still alive (they swallowed the interrupt).
     */
    public List<String> shutdown() {
        driver = Thread.currentThread();
        shuttingDown = true;
        for (Thread thread : List.copyOf(live.keySet())) {
            thread.interrupt();
        }
        int guard = 0;
        while (guard++ < 100_000 && (!ready.isEmpty() || adoptedHandBackAtShutdown())) {
            ready.remove(0).run();
        }
        foreignTasks.clear();
        return liveThreads();
    }

    /**
     * Under the agent, waits for the JDK to hand back a thread that the shutdown's interrupt
     * sent into a real monitor held outside the simulation (a log handler's, as Curator's
     * shaded Guava warns about a close the interrupt cut short), as a step of the run does, and
     * makes it ready; false if none came. Left parked, such a thread would hold that monitor
     * for good, and every later run in this JVM that logs would block on it.
     */
    private boolean adoptedHandBackAtShutdown() {
        if (!Bridge.agentLoaded()) {
            return false;
        }
        for (Thread thread : live.keySet()) {
            if (thread.getState() == Thread.State.BLOCKED) {
                ForeignMonitor.awaitRelease(thread, foreignTasks);
                break;
            }
        }
        ForeignMonitor.awaitUnblocking(live.keySet(), () -> ready.size() + foreignTasks.size());
        ForeignMonitor.adoptHandBacks(foreignWakes, foreignTasks, ready::add);
        return !ready.isEmpty();
    }
}
