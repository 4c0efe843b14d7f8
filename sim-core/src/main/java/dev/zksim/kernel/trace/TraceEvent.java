package dev.zksim.kernel.trace;

/**
 * One typed event of a run: a message sent, a process crashed, a lock acquired. Implement it
 * with a record whose components are primitives, strings, enums, byte arrays, lists or
 * other such records: the run's digest is computed over those components
 * ({@link DigestEncoder}), and the record's toString is the event's canonical text for
 * sinks and divergence reports. Any other object is digested through its toString, so
 * neither may contain identity hashes or depend on hash order.
 */
public interface TraceEvent {
}
