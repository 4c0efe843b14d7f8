/**
 * The official client as a front door (DESIGN section 8): a drop-in
 * {@code org.apache.zookeeper.ZooKeeper} backed by the simulated ensemble, so that code
 * written for ZooKeeper 3.9's client runs unmodified in the simulation.
 *
 * <ul>
 *   <li>{@link dev.zksim.official.SimulatedZooKeeper} is the drop-in: the synchronous and the
 *   callback form of create (every non-TTL CreateMode), delete, exists, getData, setData,
 *   getChildren (with and without Stat), multi and {@code transaction()}, sync, addWatch
 *   (persistent and recursive), getEphemerals, getAllChildrenNumber, getState, getSessionId,
 *   register and close, with the official types throughout. ACLs, TTL nodes, watch removal
 *   and reconfiguration are not simulated and answer {@code Unimplemented}; containers are
 *   created but never reaped (no container manager).</li>
 *   <li>{@link dev.zksim.official.OfficialClients} allocates drop-ins without running any of
 *   ZooKeeper's constructors (the JDK's serialization constructor, as Objenesis does for
 *   Pulsar's MockZooKeeper), so no ClientCnxn, socket or thread exists.</li>
 *   <li>{@link dev.zksim.official.OfficialEnsemble} and
 *   {@link dev.zksim.official.OfficialClientProgram} are the entry point for tests and the
 *   testkit: a client process whose body is blocking official-client code, run as a
 *   simulated thread (package {@code threads}), with a fresh handle per process start and
 *   new handles (sessions) on demand, e.g. after {@code Expired}.</li>
 * </ul>
 *
 * <p>Callbacks and watchers run on a per-handle event thread that is itself a simulated
 * thread, so they may block as on the official client. The JVM needs
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED} (see the {@code threads} package).
 *
 * <p>Curator (not done; what blocks it): CuratorFramework starts its own executors
 * (platform threads) for background operations and connection-state events, retries with
 * {@code Thread.sleep}, waits with timeouts ({@code blockUntilConnected},
 * {@code acquire(time, unit)}) and reads the wall clock for connection timeouts. Under
 * simulated threads each of these is detected and ends the run. Determinism with Curator
 * needs either a Curator built with simulated executors and a virtual clock (it exposes
 * thread factories but not its clock or its sleeps), or instrumentation of the JDK calls
 * as Fray does.
 */
package dev.zksim.official;
