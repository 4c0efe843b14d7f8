package dev.zksim.kernel.trace;

/**
 * One typed event of a run: a message sent, a process crashed, a lock acquired. Implement it
 * with a record whose components are primitives, strings, enums, lists or other such
 * records: the record's toString is the event's canonical text, which feeds the run's
 * digest, so it must not contain identity hashes (no arrays, no plain objects).
 */
public interface TraceEvent {
}
