package dev.zksim.check;

import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.Optional;

/**
 * A span during which a process believed it held something (a lock, leadership), from the OK
 * op that granted it to the first op that ended the belief (the recipe said it stepped down,
 * released, was suspended or lost, or the process crashed), or to the end of the history.
 * Spans are measured in op indices, which order events exactly, and printed with times.
 *
 * <p>Two more instants judge the belief. {@code sessionClosed} is the commit of its session's
 * closeSession, from which ZooKeeper may give the resource to someone else; {@code told} is
 * the first Disconnected or Expired the client library delivered to the holder during the
 * hold. Between the two (closed, not yet told) the holder cannot know, and is excused; from
 * {@code told} on, a holder that has not stepped down is a zombie, and never excused.
 *
 * @param sessionClosed the SESSION_CLOSED of the hold's session before its end, if any (it
 *     may precede the grant, when a follower that had not applied the close granted it)
 * @param told the first DISCONNECTED or EXPIRED of the hold's session inside the hold, if any
 */
public record Hold(String process, OpKind mode, Op start, Optional<Op> end, Optional<Op> sessionClosed,
                   Optional<Op> told) {

    /** A hold whose session was never closed nor its holder told anything: the plain span. */
    public Hold(String process, OpKind mode, Op start, Optional<Op> end) {
        this(process, mode, start, end, Optional.empty(), Optional.empty());
    }

    /** The index the hold ends at; a hold that never ended reaches past every op. */
    public long endIndex() {
        return end.map(Op::index).orElse(Long.MAX_VALUE);
    }

    /** True when the hold covers the op at the given index (strictly inside the span). */
    public boolean covers(long index) {
        return start.index() < index && index < endIndex();
    }

    /** True from the grant (inclusive) to the end (exclusive): the holder believes at that instant. */
    public boolean believedAt(long index) {
        return start.index() <= index && index < endIndex();
    }

    /**
     * True when, at that instant, the holder's session was already closed and the holder had
     * not yet been told anything: a paused or cut-off holder that could not know. Only fencing
     * protects the resource from such a holder, and the fenced checks judge that.
     */
    public boolean excusedAt(long index) {
        return sessionClosed.isPresent() && sessionClosed.get().index() <= index && index < excuseEndIndex();
    }

    /** The index where an excuse would end: the holder is told, or stops believing. */
    public long excuseEndIndex() {
        return Math.min(told.map(Op::index).orElse(Long.MAX_VALUE), endIndex());
    }

    /** True when the holder had been told its connection or session was gone by that instant. */
    public boolean toldBy(long index) {
        return told.isPresent() && told.get().index() <= index;
    }

    /**
     * Where the hold stopped being real as ZooKeeper sees it: the earlier of the end of the
     * belief and the close of its session. What liveness and revocation judge.
     */
    public long liveEndIndex() {
        return Math.min(endIndex(), sessionClosed.map(Op::index).orElse(Long.MAX_VALUE));
    }

    /** The op at {@link #liveEndIndex()}, if the hold ended or its session closed. */
    public Optional<Op> liveEnd() {
        if (sessionClosed.isPresent() && sessionClosed.get().index() < endIndex()) {
            return sessionClosed;
        }
        return end;
    }

    /** False for a grant to a session that was already closed: ZooKeeper never gave it the resource. */
    public boolean wasLive() {
        return liveEndIndex() > start.index();
    }

    /** "c1 held ELECTED since c1 ELECTED ok at 3s (#10) until c1 ABDICATED invoke at 6s (#30)". */
    public String describe() {
        String until = end.map(op -> "until " + op.describe()).orElse("and never stopped");
        return process + " held " + mode + " since " + start.describe() + " " + until;
    }

    /**
     * Why the holder was still to blame at that instant, when it had been told: "c2 had been
     * told by c2 DISCONNECTED ok at 4s (#88) and had not stepped down". Empty otherwise.
     */
    public String zombieNote(long index) {
        return toldBy(index) ? process + " had been told by " + told.get().describe() + " and had not stepped down"
                : "";
    }
}
