package dev.zksim.kernel.trace;

import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The evidence of a run: every emitted event goes into a rolling SHA-256 digest over its
 * compact binary encoding ({@link DigestEncoder}; nothing is rendered to text unless a sink
 * asks for {@link TraceRecord#canonicalLine()}), into a ring buffer of the most recent
 * records, and to any attached sinks
 * (a JSON-lines exporter, a report collector). Memory stays bounded however long the run:
 * only the ring buffer is kept, and sinks decide for themselves what to retain.
 */
public final class Trace {
    public static final int DEFAULT_RING_CAPACITY = 4096;

    private final LongSupplier clock;
    private final MessageDigest digest;
    private final int ringCapacity;
    /** Grows by doubling up to the capacity: most runs of the explorer are a few hundred records long. */
    private TraceRecord[] ring;
    private final List<TraceSink> sinks = new ArrayList<>();
    private final DigestEncoder encoder = new DigestEncoder();
    private long count;
    private boolean enabled = true;
    private boolean digesting = true;

    public Trace(LongSupplier clock) {
        this(clock, DEFAULT_RING_CAPACITY);
    }

    public Trace(LongSupplier clock, int ringCapacity) {
        this.clock = clock;
        this.ringCapacity = Math.max(1, ringCapacity);
        this.ring = new TraceRecord[Math.min(this.ringCapacity, 64)];
        this.digest = LineDigest.sha256();
    }

    /** Records an event at the current simulated time. */
    public void emit(String process, TraceEvent event) {
        if (!enabled) {
            return;
        }
        long time = clock.getAsLong();
        if (digesting) {
            encoder.reset();
            encoder.writeHeader(time, process);
            encoder.writeValue(event);
            digest.update(encoder.buffer(), 0, encoder.size());
        }
        TraceRecord record = new TraceRecord(count, time, process, event);
        if (count == ring.length && ring.length < ringCapacity) {
            // Not yet wrapped: records sit at their own index, so a copy keeps them in place.
            ring = Arrays.copyOf(ring, Math.min(ringCapacity, ring.length * 2));
        }
        ring[(int) (count % ring.length)] = record;
        count++;
        for (int i = 0; i < sinks.size(); i++) {
            sinks.get(i).accept(record);
        }
    }

    /**
     * Turns recording off or on. Benchmarks switch it off to measure the bare simulator;
     * a run whose digest matters must keep it on from start to end.
     */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    /** Whether events are being recorded; hot paths skip building events when not. */
    /**
     * Turns the rolling digest off (or on) while the ring buffer and the sinks still get every
     * record. The explorer runs millions of short runs whose digests nobody reads; formatting
     * and hashing each record's canonical line is then most of a run's cost. A run whose
     * digest matters must keep digesting from start to end.
     */
    public void setDigesting(boolean digesting) {
        this.digesting = digesting;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void addSink(TraceSink sink) {
        sinks.add(sink);
    }

    public void removeSink(TraceSink sink) {
        sinks.remove(sink);
    }

    /** Number of events emitted so far. */
    public long count() {
        return count;
    }

    /** The digest of all events emitted so far, as 64 hex digits; emitting may go on. */
    public String digest() {
        try {
            MessageDigest snapshot = (MessageDigest) digest.clone();
            return HexFormat.of().formatHex(snapshot.digest());
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("SHA-256 digest cannot be cloned", e);
        }
    }

    /** The most recent records still in the ring buffer, oldest first. */
    public List<TraceRecord> recent() {
        List<TraceRecord> records = new ArrayList<>();
        long first = Math.max(0, count - ring.length);
        for (long i = first; i < count; i++) {
            records.add(ring[(int) (i % ring.length)]);
        }
        return records;
    }
}
