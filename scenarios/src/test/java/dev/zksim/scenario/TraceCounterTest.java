package dev.zksim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.trace.TraceEvent;
import dev.zksim.kernel.trace.TraceRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The per-kind counts goals read: exact however many kinds a run emits, and sorted by kind. */
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

    @Test
    void countsEveryKindExactlyWhileTheTableGrows() {
        TraceCounter counter = new TraceCounter(2);
        List<TraceEvent> kinds = List.of(new Alpha(), new Beta(), new Gamma(), new Delta(), new Epsilon(), new Zeta());
        for (int round = 0; round < kinds.size(); round++) {
            // Kind i is emitted i + 1 times, interleaved with the others, so a count that lands
            // in the wrong slot while the table grows shows up as a wrong number.
            for (int i = round; i < kinds.size(); i++) {
                counter.accept(new TraceRecord(0, 0, "p", kinds.get(i)));
            }
        }
        assertThat(counter.counts()).containsExactly(
                Map.entry("TraceCounterTest.Alpha", 1), Map.entry("TraceCounterTest.Beta", 2),
                Map.entry("TraceCounterTest.Delta", 4), Map.entry("TraceCounterTest.Epsilon", 5),
                Map.entry("TraceCounterTest.Gamma", 3), Map.entry("TraceCounterTest.Zeta", 6));
    }

    @Test
    void countsNothingBeforeTheFirstRecord() {
        assertThat(new TraceCounter().counts()).isEmpty();
    }
}
