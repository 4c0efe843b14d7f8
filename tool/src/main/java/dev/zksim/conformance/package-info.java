/**
 * The conformance differential test (issue #4): random operation programs run on zksim's
 * simulated ensemble and on a real Apache ZooKeeper started in-process, every observable
 * normalised into the same text lines and compared step by step, mismatches shrunk to a
 * minimal program and printed side by side.
 *
 * <p>A {@link dev.zksim.conformance.Program} is a value generated from a seed. Both
 * {@link dev.zksim.conformance.Side}s run it one operation at a time under a fresh parent
 * znode {@code /t}, waiting for the reply and for every event it causes before the next
 * step, so the outcome is deterministic on both sides. {@link dev.zksim.conformance.Normalizer}
 * explains which observables are compared and how zxids and session ids are mapped.
 */
package dev.zksim.conformance;
