/**
 * Invariant checkers: pure functions from a recorded {@link dev.zksim.history.History} to a
 * {@link dev.zksim.check.CheckResult}. Each checker states one guarantee a coordination
 * recipe makes (mutual exclusion, FIFO order, a single leader, 2PC agreement, progress after
 * the faults heal) and, when the history breaks it, explains which ops did so and when. A
 * violation becomes a typed {@link dev.zksim.kernel.SimulationFailure}. The herd-effect
 * counter and the fenced resource that workloads write through also live here. The believed
 * checks share one rule for beliefs whose session is lost ({@link dev.zksim.check.Hold}):
 * excused while the holder could not know, a zombie once it was told.
 */
package dev.zksim.check;
