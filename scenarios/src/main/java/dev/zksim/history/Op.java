package dev.zksim.history;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One line of a history: process {@code process} invoked or completed an operation of kind
 * {@code f} with {@code value} at simulated time {@code time} (microseconds). The index is
 * the op's position in the single-threaded run, so it orders ops exactly even when several
 * share one microsecond; checkers compare indices, and print times for people.
 *
 * <p>A client process may run several sessions over its life (a restart after a crash, or a
 * new handle after {@code Expired}), so each op also names the session it ran in: beliefs
 * such as "I hold the lock" belong to a session and end when that session is lost.
 *
 * @param note free text for people (why a fail happened); empty when there is none
 * @param session the ZooKeeper session id the process had when the op was recorded; 0 when
 *     it had none yet (connecting) or the op is not about a session
 */
public record Op(long index, String process, OpType type, OpKind f, Value value, long time, String note,
                 long session) {

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

    /** An op recorded outside any session (unit tests, real-cluster runs without ids). */
    /**
     * The note of a FAIL the caller gave up (a cancelled take or enter): the testkit's
     * contracts promise that such an operation had no effect, so checkers may hold it to that.
     */
    public static final String GAVE_UP = "gave up";

    public Op(long index, String process, OpType type, OpKind f, Value value, long time, String note) {
        this(index, process, type, f, value, time, note, 0);
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
        return new HistoryEvent(index, type, f, value, note, session);
    }

    /** A session id as people read it in ZooKeeper's logs: 0x followed by hex. */
    public static String sessionName(long session) {
        return "0x" + Long.toHexString(session);
    }

    /** Microseconds as seconds without trailing zeros: 12300000 becomes "12.3s". */
    public static String seconds(long micros) {
        BigDecimal secondsValue = BigDecimal.valueOf(micros, 6).stripTrailingZeros();
        return secondsValue.toPlainString() + "s";
    }

    /** One printout line: index, time, process, type, kind, value and note. */
    @Override
    public String toString() {
        String who = session == 0 ? process : process + "/" + sessionName(session);
        String line = "#" + index + " " + seconds(time) + " " + who + " " + type.word() + " " + f + " " + value;
        return note.isEmpty() ? line : line + " ; " + note;
    }
}
