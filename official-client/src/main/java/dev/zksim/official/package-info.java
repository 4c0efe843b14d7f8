/**
 * The official client as a front door (DESIGN section 8): a drop-in
 * {@code org.apache.zookeeper.ZooKeeper} backed by the simulated ensemble, so that code
 * written for ZooKeeper 3.9's client runs unmodified in the simulation.
 *
 * <ul>
 *   <li>{@link dev.zksim.official.SimulatedZooKeeper} is the drop-in: the synchronous and the
 *   callback form of create (every CreateMode, TTL modes with their ttl), delete, exists,
 *   getData, setData, getChildren (with and without Stat), multi and {@code transaction()},
 *   sync, addWatch (persistent and recursive), removeWatches and removeAllWatches (every
 *   WatcherType, with the {@code local} flag), getEphemerals, getAllChildrenNumber,
 *   getState, getSessionId, register and close, with the official types throughout.
 *   Containers and TTL nodes are reaped by the simulated container manager. ACLs and
 *   reconfiguration are not simulated and answer {@code Unimplemented}.</li>
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
 * <p>Curator (issue 15, item 5: not deterministic; measured with Curator 5.9 in
 * {@code CuratorOnTheDropInTest}). What works: a CuratorFramework built with a
 * {@code ZookeeperFactory} that returns a drop-in ({@code session.newHandle(watcher)}, so
 * Curator's watcher hears the connection) is built and started inside a simulated thread.
 * What stops it, each reported in one line as a nondeterminism failure, never silently:
 * <ul>
 *   <li>Curator's own executors (connection-state events, background operations) are
 *   platform threads; the builder's {@code threadFactory} can make them simulated threads
 *   ({@link dev.zksim.official.threads.SimulatedThreads#factory}), but recipes make executors
 *   of their own out of its reach: {@code LeaderLatch.start} goes through
 *   {@code AfterConnectionEstablished}, which builds a {@code ThreadUtils} single-thread
 *   executor.</li>
 *   <li>Every foreground operation first waits for the connection with a timed latch
 *   ({@code CuratorZookeeperClient.blockUntilConnectedOrTimedOut}); the connection-state
 *   thread polls its queue with a timeout; retries sleep with {@code TimeUnit.sleep};
 *   {@code InterProcessMutex} waits with {@code Object.wait(timeout)} in
 *   {@code LockInternals}. A timed park's wake-up is the JDK's real-clock unparker thread,
 *   and a monitor wait's is its unblocker thread, both outside the simulation.</li>
 *   <li>{@code ConnectionState} reads {@code System.currentTimeMillis} to judge connection
 *   and session timeouts: the wall clock, which nothing here intercepts.</li>
 * </ul>
 * What it would take: timed parks, monitor waits and clock reads in virtual time. Either a
 * Java agent that rewrites {@code LockSupport.parkNanos}, {@code Object.wait},
 * {@code Thread.sleep}, {@code System.currentTimeMillis/nanoTime} and thread creation in
 * Curator and the JDK classes it uses to calls into the simulation (the Fray route), or a
 * JDK whose custom virtual-thread scheduler also owns timed unparks (not in JDK 25); plus a
 * way to hand recipes' private executors a simulated thread factory, which Curator does not
 * offer.
 */
package dev.zksim.official;
