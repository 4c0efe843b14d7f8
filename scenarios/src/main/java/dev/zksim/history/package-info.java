/**
 * The history of a run, Jepsen style: every operation a workload performs on a
 * coordination recipe is recorded as an invocation and, later, its completion (ok, fail or
 * info), plus spontaneous notifications such as a suspended lock or a lost session.
 * Workloads record through {@link dev.zksim.history.HistoryRecorder}; the checkers in
 * {@code dev.zksim.check} read the finished {@link dev.zksim.history.History}. Every op is
 * also emitted into the run's trace, so the history is part of the trace digest.
 */
package dev.zksim.history;
