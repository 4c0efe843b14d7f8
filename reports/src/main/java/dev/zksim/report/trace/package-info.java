/**
 * Collecting trace records for reports: a bounded capture that keeps the first records of a
 * run and counts the rest, so a report can say what it left out.
 */
package dev.zksim.report.trace;
