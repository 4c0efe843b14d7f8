/**
 * Simulated threads: blocking user code run one thread at a time, in virtual time, in an
 * order drawn from the simulation's choices.
 *
 * <p>How (research, November 2026, JDK Temurin 25). Three routes were weighed.
 * <ul>
 *   <li><b>Virtual threads on a scheduler the simulation drives</b> (chosen). The JDK has
 *   no supported scheduler API; the package-private constructor
 *   {@code java.lang.ThreadBuilders.VirtualThreadBuilder(Executor)}, kept for the JDK's own
 *   tests, still exists in 25 and is reachable with
 *   {@code --add-opens java.base/java.lang=ALL-UNNAMED}. Every start, unpark and
 *   monitor hand-off of such a thread calls the executor with the thread's continuation, so
 *   the simulation owns the ready list and runs continuations on its own thread. Everything
 *   built on {@code LockSupport.park} ({@code java.util.concurrent} locks, latches,
 *   queues, futures) therefore blocks and wakes deterministically. Since JDK 24 (JEP 491)
 *   {@code synchronized} no longer pins, but contention and {@code Object.wait/notify} are
 *   resolved by the JDK's "VirtualThread-unblocker" thread, and timed parks
 *   ({@code Thread.sleep}, {@code await(timeout)}) by its "VirtualThread-unparker" thread on
 *   the real clock: those wake-ups arrive from outside the simulation.</li>
 *   <li><b>Continuations</b> ({@code jdk.internal.vm.Continuation}) give full control over
 *   yield points but only when code yields explicitly; a blocking JDK call inside user code
 *   does not yield to the simulation, so they alone cannot run unmodified blocking code.</li>
 *   <li><b>Bytecode instrumentation</b> as Fray does (a Java agent rewriting thread,
 *   monitor, {@code java.util.concurrent} and clock calls) covers platform threads,
 *   monitors and the wall clock, at the price of an agent on the JVM command line and a
 *   large, JDK-version-bound rewriting layer. It is the route to take if the limits below
 *   matter to users.</li>
 * </ul>
 *
 * <p>Limits of the chosen route, each detected at run time and reported in one line as a
 * nondeterminism failure ({@link dev.zksim.official.threads.BlockingDiagnosis}): a simulated
 * thread left in TIMED_WAITING (sleep or a timed wait: use
 * {@link dev.zksim.official.threads.SimulatedThreads#sleep}), left BLOCKED on a monitor, or
 * woken from a thread the simulation does not drive (the JDK's unparker or unblocker, a
 * virtual thread on the default scheduler, a platform thread); a platform thread started by
 * a simulated thread and still alive when the step that started it ends. Not detected: a
 * platform thread that ends within the step that started it, wall-clock reads ({@code System.currentTimeMillis}; only
 * instrumentation could intercept them) and a park while pinned by a native frame or a class
 * initializer, which parks the simulation's own thread.
 *
 * <p>Measured (SimulatedThreadsMeasurementTest, 2 cores shared, load 8.9): about 1.3
 * microseconds per scheduling step of a simulated thread (a park and an unpark through a
 * java.util.concurrent queue), of which about 0.5 are the two counts of the check for
 * user-started platform threads. A lock program of 3 clients on 3 servers runs in about
 * 0.1 s per seed. The platform-thread check counts the JVM-wide group of virtual threads,
 * so with simulations running in parallel a thread started by one may be reported by
 * another (still a true report that some user code started one).
 */
package dev.zksim.official.threads;
