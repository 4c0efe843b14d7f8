/**
 * Fault plans ("nemesis"): faults as values with a textual form people read and write
 * ({@code at 1.2s crash leader; at 3s partition s1,s2 | s3,c1; at 5s heal}), the parser with
 * one-line errors, and the generator that draws a plan from choices with every fault paired
 * with its recovery.
 */
package dev.zksim.nemesis;
