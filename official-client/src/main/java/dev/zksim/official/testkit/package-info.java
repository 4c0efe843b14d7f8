/**
 * The testkit for code written against the official client: a user's lock, semaphore or election
 * class that knows only {@code org.apache.zookeeper.ZooKeeper} plugs into the standard
 * {@link dev.zksim.testkit.Testkit} builders through {@link dev.zksim.official.testkit.OfficialTestkit},
 * and code written with Curator (Curator's recipes, or the user's own built on them: a cache as a
 * {@link dev.zksim.official.testkit.BlockingCache}, a group member as a
 * {@link dev.zksim.official.testkit.BlockingMember}, a configuration as a
 * {@link dev.zksim.official.testkit.BlockingConfig}) through
 * {@link dev.zksim.official.testkit.CuratorTestkit}. A call of the user's code that throws a bug
 * of its own ({@link dev.zksim.kernel.ProgrammingErrors}) ends its simulated thread, and the run.
 *
 * <p>The simulation provides the handles ({@link dev.zksim.official.testkit.OfficialClient#zk}):
 * one drop-in {@link dev.zksim.official.SimulatedZooKeeper} per session of the testkit's
 * client, and a new one shortly after {@code Expired}, as an application's connection holder
 * builds one; the recipe object lives on across sessions. Each call of the contract runs on a
 * simulated thread of the client process, so a crash stops the recipe's threads with the
 * process; at the end of the run the threads still parked are interrupted and run out.
 *
 * <p>What changed in the scenarios module for this, and only this: the testkit's client
 * ({@code SessionClient}) tells listeners of each new session and its own events, and the
 * history recorder runs clean-up actions when the runner is done with a run.
 */
package dev.zksim.official.testkit;
