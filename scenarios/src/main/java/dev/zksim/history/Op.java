package dev.zksim.history;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One line of a history: process {@code process} invoked or completed an operation of kind
 * {@code f} with {@code value} at simulated time {@code time} (microseconds). The index is
 * the op's position in the single-threaded run, so it orders ops exactly even when several
 * share one microsecond; checkers compare indices, and print times for people.
 *
 * @param note free text for people (why a fail happened); empty when there is none
 */
public record Op(long index, String process, OpType type, OpKind f, Value value, long time, String note) {

    public Op {
        if (index < 0 || time < 0) {
            throw new IllegalArgumentException("index and time must not be negative: #" + index + " at " + time);
        }
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(f, "f");
        value = value == null ? Value.NONE : value;
        note = note == null ? "" : note;
    }

    public boolean isInvoke() {
        return type == OpType.INVOKE;
    }

    public boolean isOk() {
        return type == OpType.OK;
    }

    /** A short phrase naming the op for explanations: "c3 ACQUIRE ok 7 at 12.3s (#14)". */
    public String describe() {
        String shownValue = value instanceof Value.Nil ? "" : " " + value;
        return process + " " + f + " " + type.word() + shownValue + " at " + seconds(time) + " (#" + index + ")";
    }

    /** The event that carries this op into the trace; time and process come with the record. */
    public HistoryEvent toTraceEvent() {
        return new HistoryEvent(index, type, f, value, note);
    }

    /** Microseconds as seconds without trailing zeros: 12300000 becomes "12.3s". */
    public static String seconds(long micros) {
        BigDecimal secondsValue = BigDecimal.valueOf(micros, 6).stripTrailingZeros();
        return secondsValue.toPlainString() + "s";
    }

    /** One printout line: index, time, process, type, kind, value and note. */
    @Override
    public String toString() {
        String line = "#" + index + " " + seconds(time) + " " + process + " " + type.word() + " " + f + " " + value;
        return note.isEmpty() ? line : line + " ; " + note;
    }
}
