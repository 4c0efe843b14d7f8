/**
 * The trace: typed events stamped with time and process, a rolling 128-bit digest (MurmurHash3 x64_128) over their
 * compact binary encoding (the determinism check compares digests), a bounded ring of recent
 * records, sinks for export (JSON lines) and capture, and the diff that names the first
 * line where two runs of one seed diverge.
 */
package dev.zksim.kernel.trace;
