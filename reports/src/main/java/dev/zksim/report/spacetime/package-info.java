/**
 * The trace viewer: a space-time diagram of a run drawn from its trace records, one lane per
 * process, messages as arrows between lanes, faults as flags and shaded spans, watch
 * notifications highlighted. Written as one self-contained XHTML page with inline SVG.
 */
package dev.zksim.report.spacetime;
