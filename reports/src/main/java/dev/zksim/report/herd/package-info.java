/**
 * The herd-effect report: the numbers a sweep over client counts measured for each recipe
 * variant ({@link dev.zksim.report.herd.HerdRow}, {@link dev.zksim.report.herd.HerdSeries}),
 * and the self-contained page, CSV and JSON drawn from them
 * ({@link dev.zksim.report.herd.HerdReport}). The measuring itself lives in the scenarios
 * module; this package only renders, so it can be tested with made-up numbers.
 */
package dev.zksim.report.herd;
