/**
 * What rewritten code calls: {@link dev.zksim.agent.bridge.Bridge}'s static hooks, the
 * {@link dev.zksim.agent.bridge.SimRuntime} a simulation installs behind them, and
 * {@link dev.zksim.agent.bridge.ContainerRef}, the key the rewritten JDK registers a thread
 * container under.
 *
 * <p>The agent appends this package, and only this package, to the bootstrap class path, so
 * that rewritten JDK classes ({@code java.util.concurrent}) can call it as well as the
 * user's classes, Curator and the ZooKeeper client. It therefore depends on nothing but
 * {@code java.base}. Every hook first asks whether the calling thread is a simulated thread;
 * on any other thread it does exactly what the rewritten call did, so a JVM with the agent
 * behaves as before outside the simulation.
 */
package dev.zksim.agent.bridge;
