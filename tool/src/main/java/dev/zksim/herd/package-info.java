/**
 * The herd-effect measurement (issue #7): every lock, election and barrier variant runs in the
 * simulation with n clients that all queue at once ({@link dev.zksim.herd.HerdRun}); a sink on
 * the trace counts notifications, wakeups and requests ({@link dev.zksim.herd.Tally}); a sweep
 * over n fits the growth on log-log axes ({@link dev.zksim.herd.HerdSweep}) and hands the
 * numbers to the report module's herd page.
 */
package dev.zksim.herd;
