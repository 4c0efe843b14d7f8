package dev.zksim.kernel.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The evidence of a run: every emitted event is counted by class ({@link #counts()}, which
 * goals read) and goes into a rolling 128-bit digest over its compact binary encoding
 * ({@link DigestEncoder}; nothing is rendered to text unless a sink asks for
 * {@link TraceRecord#canonicalLine()}), into a ring buffer of the most recent records, and to
 * any attached sinks (a JSON-lines exporter, a report collector). With the digest off and no
 * sink, an event is only counted. Memory stays bounded however long the run: only the ring
 * buffer is kept, and sinks decide for themselves what to retain.
 */
public final class Trace {
    public static final int DEFAULT_RING_CAPACITY = 4096;

    private final LongSupplier clock;
    private final TraceHash digest = new TraceHash();
    private final int ringCapacity;
    /** Grows by doubling up to the capacity: most runs of the explorer are a few hundred records long. */
    private TraceRecord[] ring;
    private final List<TraceSink> sinks = new ArrayList<>();
    private final DigestEncoder encoder = new DigestEncoder();
    private final EventCounts counts = new EventCounts();
    private long count;
    /** Where the next remembered record goes in the ring, and whether it has come round once. */
    private int next;
    private boolean wrapped;
    private boolean enabled = true;
    private boolean digesting = true;
    /**
     * {@link #wantsEvents}, kept up to date by every setter it depends on: nearly every event of
     * a run asks it, and one field read is cheaper than three.
     */
    private boolean wantsEvents = true;

    public Trace(LongSupplier clock) {
        this(clock, DEFAULT_RING_CAPACITY);
    }

    public Trace(LongSupplier clock, int ringCapacity) {
        this.clock = clock;
        this.ringCapacity = Math.max(1, ringCapacity);
        this.ring = new TraceRecord[Math.min(this.ringCapacity, 64)];
    }

    /**
     * Records an event at the current simulated time. Kept this short so that the JIT inlines
     * it into its many callers: most runs only count their events.
     */
    public void emit(String process, TraceEvent event) {
        if (wantsEvents) {
            record(process, event);
        } else {
            // Nobody reads the record: a sweep's passing seeds and the explorer's runs only count.
            countOnly(event.getClass());
        }
    }

    /** Counts, digests, remembers and hands to the sinks an event that something reads. */
    private void record(String process, TraceEvent event) {
        counts.add(event.getClass());
        long time = clock.getAsLong();
        TraceRecord record = new TraceRecord(count, time, process, event);
        count++;
        if (digesting) {
            encoder.reset();
            encoder.writeHeader(time, process);
            encoder.writeValue(event);
            digest.update(encoder.buffer(), encoder.size());
            remember(record);
        }
        for (int i = 0; i < sinks.size(); i++) {
            sinks.get(i).accept(record);
        }
    }

    /** Puts the record in the ring buffer, which grows by doubling up to its capacity and then wraps. */
    private void remember(TraceRecord record) {
        if (next == ring.length) {
            if (ring.length < ringCapacity) {
                // Not yet wrapped: records sit at their own index, so a copy keeps them in place.
                ring = Arrays.copyOf(ring, Math.min(ringCapacity, ring.length * 2));
            } else {
                next = 0;
                wrapped = true;
            }
        }
        ring[next++] = record;
    }

    /**
     * Turns recording off or on. Benchmarks switch it off to measure the bare simulator;
     * a run whose digest matters must keep it on from start to end.
     */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
        updateWantsEvents();
    }

    /**
     * Turns the rolling digest off (or on), and with it the ring buffer of {@link #recent}
     * records, while the sinks still get every record. The explorer and a sweep's passing
     * seeds make runs whose digests and traces nobody reads; hashing each record is then
     * most of a run's cost, and keeping the last few thousand records alive makes the
     * collector copy them. A run whose digest matters must keep digesting from start to end.
     */
    public void setDigesting(boolean digesting) {
        this.digesting = digesting;
        updateWantsEvents();
    }

    /**
     * Whether an emitted event is read as well as counted: the digest or a sink wants it.
     * The hottest call sites build their event only then and otherwise {@link #countOnly}.
     */
    public boolean wantsEvents() {
        return wantsEvents;
    }

    private void updateWantsEvents() {
        wantsEvents = enabled && (digesting || !sinks.isEmpty());
    }

    /** What {@link #emit} does with an event of this class when nothing reads it ({@link #wantsEvents} false). */
    public void countOnly(Class<? extends TraceEvent> type) {
        if (enabled) {
            counts.add(type);
            count++;
        }
    }

    /** {@link #countOnly(Class)} for the hottest call sites, which hold their class's key. */
    public void countOnly(EventKey key) {
        if (enabled) {
            counts.add(key);
            count++;
        }
    }

    /** How many events of each class were emitted so far (with their trace off, none). */
    public EventCounts counts() {
        return counts;
    }

    public void addSink(TraceSink sink) {
        sinks.add(sink);
        updateWantsEvents();
    }

    public void removeSink(TraceSink sink) {
        sinks.remove(sink);
        updateWantsEvents();
    }

    /** Number of events emitted so far. */
    public long count() {
        return count;
    }

    /** The digest of all events emitted so far, as 32 hex digits ({@link TraceHash}); emitting may go on. */
    public String digest() {
        return digest.copy().hex();
    }

    /** The most recent records still in the ring buffer, oldest first (recorded while digesting). */
    public List<TraceRecord> recent() {
        List<TraceRecord> records = new ArrayList<>();
        if (wrapped) {
            records.addAll(Arrays.asList(ring).subList(next, ring.length));
        }
        records.addAll(Arrays.asList(ring).subList(0, next));
        return records;
    }
}
