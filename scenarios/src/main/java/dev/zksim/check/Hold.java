package dev.zksim.check;

import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.Optional;

/**
 * A span during which a process believed it held something (a lock, leadership), from the OK
 * op that granted it to the first op that ended the belief, or to the end of the history.
 * Spans are measured in op indices, which order events exactly, and printed with times.
 */
public record Hold(String process, OpKind mode, Op start, Optional<Op> end) {

    /** The index the hold ends at; a hold that never ended reaches past every op. */
    public long endIndex() {
        return end.map(Op::index).orElse(Long.MAX_VALUE);
    }

    /** True when the hold covers the op at the given index (strictly inside the span). */
    public boolean covers(long index) {
        return start.index() < index && index < endIndex();
    }

    /** "c1 held since c1 ACQUIRE ok at 3s (#10) until c1 RELEASE invoke at 6s (#30)". */
    public String describe() {
        String until = end.map(op -> "until " + op.describe()).orElse("and never stopped");
        return process + " held " + mode + " since " + start.describe() + " " + until;
    }
}
