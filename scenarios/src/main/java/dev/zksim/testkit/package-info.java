/**
 * The public testkit: how users test their own coordination code with zksim.
 *
 * <p>A user implements a small contract for the shape of their recipe ({@link LockUnderTest}
 * for a lock or one lease of a semaphore, {@link ElectionUnderTest} for a leader election,
 * {@link ControllerUnderTest} for an election whose leader writes shared state,
 * {@link QueueUnderTest} for a FIFO or priority queue with its declared delivery,
 * {@link BarrierUnderTest}, {@link DoubleBarrierUnderTest}, {@link MembershipUnderTest} for group membership,
 * {@link ConfigUnderTest} for a watched configuration or cached value, {@link TwoPhaseCommitUnderTest},
 * {@link RendezvousUnderTest}, {@link NamingUnderTest}, {@link CounterUnderTest} for a shared counter,
 * {@link CacheUnderTest} for a cache of a directory) and
 * hands a factory for it to a scenario builder from {@link Testkit}. The builder supplies what
 * a good test needs and a user should not have to write: the workload that drives many clients
 * through the recipe, the fault profile, the liveness bounds and the checkers, each with knobs
 * the user may override. The result is an ordinary {@link dev.zksim.scenario.Scenario}, run by the JUnit 5
 * {@link dev.zksim.property.SimulationProperty} support or, once listed by a
 * {@link CatalogProvider}, by every command of the command line.
 *
 * <p>Beliefs (holding a lock, leading, owning a partition) end when the recipe reports that
 * they ended or its process crashes. A holder that was told Disconnected or Expired and has
 * not stepped down is a zombie, and an overlap with it fails the run; an overlap is excused
 * only while a holder whose session was closed could not have been told, as when it was
 * paused, which only fencing protects against.
 *
 * <p>Every builder declares its shape's goals ({@link ShapeGoals}), so that every report of a
 * user's scenario says which interesting cases it reached, and judges what the explorer's
 * small scope cannot reach in it; where the smallest configuration rules a goal out (no
 * give-ups, one client), the builder has the small scope explore that knob.
 *
 * <p>Contracts speak the user's language (acquire, release, leading, lost) and never zksim's
 * internals. A recipe instance gets a {@link TestClient}: a ZooKeeper handle that follows the
 * client's current session, so that the recipe object survives a session expiry and the
 * workload can go on with a new session, as applications do. zksim's own catalogue is built
 * with these same builders, its canaries and contrast variants being simply other
 * implementations passed in.
 */
package dev.zksim.testkit;
