package dev.zksim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.trace.EventCounts;
import dev.zksim.kernel.trace.EventKey;
import dev.zksim.kernel.trace.Trace;
import dev.zksim.kernel.trace.TraceEvent;
import dev.zksim.kernel.trace.TraceRecord;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The per-kind counts goals read: exact however many kinds a run emits, sorted by kind, read or not. */
class TraceCounterTest {
    record Alpha() implements TraceEvent {
    }

    record Beta() implements TraceEvent {
    }

    record Gamma() implements TraceEvent {
    }

    record Delta() implements TraceEvent {
    }

    record Epsilon() implements TraceEvent {
    }

    record Zeta() implements TraceEvent {
    }

    private static final List<TraceEvent> KINDS = List.of(new Alpha(), new Beta(), new Gamma(), new Delta(),
            new Epsilon(), new Zeta());

    private static final Map<String, Integer> EXPECTED = Map.of("TraceCounterTest.Alpha", 1, "TraceCounterTest.Beta", 2,
            "TraceCounterTest.Gamma", 3, "TraceCounterTest.Delta", 4, "TraceCounterTest.Epsilon", 5,
            "TraceCounterTest.Zeta", 6);

    /** Kind i is emitted i + 1 times, interleaved with the others, so a count that lands in the wrong slot shows. */
    private static void emitTriangle(Consumer<TraceEvent> emit) {
        for (int round = 0; round < KINDS.size(); round++) {
            for (int i = round; i < KINDS.size(); i++) {
                emit.accept(KINDS.get(i));
            }
        }
    }

    @Test
    void countsEveryKindExactlyWhileTheTableGrows() {
        EventCounts counts = new EventCounts(2);
        emitTriangle(event -> counts.add(event.getClass()));
        assertThat(TraceCounter.of(counts).counts()).isEqualTo(EXPECTED);
        assertThat(List.copyOf(TraceCounter.of(counts).counts().keySet())).isSorted();
    }

    @Test
    void aTraceCountsWhatItEmitsAndWhatItOnlyCountsWhetherOrNotItDigests() {
        for (boolean digesting : new boolean[] {true, false}) {
            Trace trace = new Trace(() -> 0L);
            trace.setDigesting(digesting);
            assertThat(trace.wantsEvents()).isEqualTo(digesting);
            emitTriangle(event -> {
                if (event instanceof Zeta) {
                    trace.countOnly(Zeta.class);
                } else {
                    trace.emit("p", event);
                }
            });
            assertThat(TraceCounter.of(trace.counts()).counts()).as("digesting %s", digesting).isEqualTo(EXPECTED);
            assertThat(trace.count()).isEqualTo(21);
        }
    }

    @Test
    void countsByKeyAddUpWithCountsByClassAndADisabledTraceCountsNeither() {
        // The hot call sites count by key while the rest count by class, and a recorded
        // event counts by class too: a goal must see one sum per kind, never two entries.
        EventKey beta = EventKey.of(Beta.class);
        EventKey zeta = EventKey.of(Zeta.class);
        assertThat(EventKey.of(Zeta.class)).isSameAs(zeta);
        Trace trace = new Trace(() -> 0L);
        trace.setDigesting(false);
        emitTriangle(event -> {
            if (event instanceof Zeta) {
                trace.countOnly(zeta);
            } else if (event instanceof Beta) {
                trace.countOnly(beta);
                trace.countOnly(Beta.class);
            } else {
                trace.countOnly(event.getClass());
            }
        });
        Map<String, Integer> expected = new TreeMap<>(EXPECTED);
        expected.put("TraceCounterTest.Beta", 4);
        assertThat(TraceCounter.of(trace.counts()).counts()).isEqualTo(expected);
        assertThat(trace.count()).isEqualTo(23);
        trace.setEnabled(false);
        trace.countOnly(zeta);
        assertThat(TraceCounter.of(trace.counts()).counts()).isEqualTo(expected);
    }

    @Test
    void aSinkMakesTheTraceWantEventsAndADisabledTraceCountsNothing() {
        Trace trace = new Trace(() -> 0L);
        trace.setDigesting(false);
        TraceCounter sink = new TraceCounter();
        trace.addSink(sink);
        assertThat(trace.wantsEvents()).isTrue();
        trace.emit("p", new Alpha());
        assertThat(sink.counts()).containsExactly(Map.entry("TraceCounterTest.Alpha", 1));
        trace.setEnabled(false);
        assertThat(trace.wantsEvents()).isFalse();
        trace.emit("p", new Alpha());
        trace.countOnly(Alpha.class);
        assertThat(TraceCounter.of(trace.counts()).counts()).containsExactly(Map.entry("TraceCounterTest.Alpha", 1));
    }

    @Test
    void refusesATableSizeThatIsNotAPowerOfTwo() {
        assertThatThrownBy(() -> new EventCounts(12)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void countsNothingBeforeTheFirstRecord() {
        TraceCounter counter = new TraceCounter();
        assertThat(counter.counts()).isEmpty();
        counter.accept(new TraceRecord(0, 0, "p", new Beta()));
        assertThat(counter.counts()).containsExactly(Map.entry("TraceCounterTest.Beta", 1));
    }
}
