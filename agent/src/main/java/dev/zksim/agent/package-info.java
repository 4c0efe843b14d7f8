/**
 * The zksim agent: a {@code -javaagent} that rewrites, as classes load, the calls through
 * which code under test reaches time, threads and randomness, so that Curator and unmodified
 * production code run deterministically on the simulation's threads.
 *
 * <ul>
 *   <li>{@link dev.zksim.agent.ZksimAgent} is the entry point: it puts the
 *   {@code bridge} package on the bootstrap class path, installs the rewriting and
 *   re-transforms the {@code java.util.concurrent} classes already loaded.</li>
 *   <li>{@link dev.zksim.agent.Scope} decides which classes are rewritten: every class of
 *   the user, of Curator and of the ZooKeeper client (all but zksim itself and the test
 *   infrastructure), plus the JDK's {@code java.util.concurrent} and {@code java.util.Timer},
 *   on which their timed waits and executors rest.</li>
 *   <li>{@link dev.zksim.agent.CallSites} replaces each call with a call to the bridge of the
 *   same stack effect; {@link dev.zksim.agent.SynchronizedMethods} turns a
 *   {@code synchronized} method into an explicit monitor that the bridge can see.</li>
 *   <li>{@link dev.zksim.agent.ContainerRegistry} gives the keys of the JDK's registry of
 *   thread containers a hash of their own, which the agent's constant identity hashes took
 *   away.</li>
 * </ul>
 *
 * <p>Why call sites, not the JDK: Fray rewrites the whole JDK into a jlink image. zksim only
 * needs the calls that code under test makes, plus the few JDK classes that wait on its
 * behalf, and rewriting those keeps the user's JDK as it is and the agent small. What the
 * rewriting cannot reach (a thread subclass, a real socket) is reported by the simulation in
 * one line that names the class and the frame.
 */
package dev.zksim.agent;
