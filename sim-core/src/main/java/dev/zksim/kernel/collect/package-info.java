/**
 * Collections keyed by primitive longs for the simulation's hot paths (session ids and
 * zxids, looked up on every request): {@link dev.zksim.kernel.collect.LongMap} iterates in
 * insertion order as a {@code LinkedHashMap} does, so replacing one changes no run, and
 * boxes no key.
 */
package dev.zksim.kernel.collect;
