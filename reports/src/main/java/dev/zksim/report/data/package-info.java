/**
 * The numbers of a report in machine-readable form: a table value written as RFC 4180 CSV
 * and as JSON (a minimal writer, since reports depend only on sim-core), and the results
 * folder that gives report files stable names.
 */
package dev.zksim.report.data;
