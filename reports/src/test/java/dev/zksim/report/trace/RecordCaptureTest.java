package dev.zksim.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.trace.TraceRecord;
import org.junit.jupiter.api.Test;

class RecordCaptureTest {

    @Test
    void keepsTheFirstRecordsAndCountsAll() {
        RecordCapture capture = new RecordCapture(2);
        for (int i = 0; i < 5; i++) {
            capture.accept(new TraceRecord(i, i * 10L, "net", new NetEvent.Healed()));
        }
        assertThat(capture.records()).extracting(TraceRecord::sequence).containsExactly(0L, 1L);
        assertThat(capture.seen()).isEqualTo(5);
        assertThat(capture.truncated()).isTrue();
    }
}
