package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Turns a history into hold spans. A hold starts at an OK op of a start kind (the acquire
 * completed, or the client was told it leads) and ends at the first later op of an end kind
 * by the same process and session, whatever its type, or at a crash of the process: a RELEASE
 * <em>invocation</em> ends the belief, because the client stops using the resource before it
 * asks to delete its node, and the next holder may legitimately be told it holds before the
 * releaser hears back. An end op of another session (a late LOST of an old session, after the
 * client opened a new one) does not end the current session's hold.
 *
 * <p>A belief ends only when the recipe says so, or its process dies: a session's loss does
 * not end it, because a recipe that keeps acting after it was told Disconnected or Expired is
 * exactly the zombie the checks must catch. Each hold therefore carries two instants of its
 * session (see {@link Hold}): the commit of its closeSession, from which ZooKeeper may give the
 * resource away while the holder cannot yet know, and the first Disconnected or Expired the
 * client library delivered to it, from which it knows. A grant in a session already closed (a
 * follower that had not applied the close answered it, as ZooKeeper allows) is a hold whose
 * session closed before it began.
 */
final class Holds {
    private static final List<OpKind> TOLD = List.of(OpKind.DISCONNECTED, OpKind.EXPIRED);

    private Holds() {
    }

    static List<Hold> of(History history, Collection<OpKind> startKinds, Collection<OpKind> endKinds) {
        List<Hold> closed = new ArrayList<>();
        Map<String, Open> openByProcess = new LinkedHashMap<>();
        Map<Long, Op> closedSessions = new TreeMap<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.SESSION_CLOSED)) {
                closedSessions.putIfAbsent(op.session(), op);
            }
            // Most ops come while nothing is held or one hold is open; an empty map is not iterated.
            if (!openByProcess.isEmpty()) {
                for (Open open : openByProcess.values()) {
                    open.note(op);
                }
            }
            Open open = openByProcess.get(op.process());
            if (open != null && ends(op, open.start, endKinds)) {
                closed.add(open.endedBy(Optional.of(op)));
                openByProcess.remove(op.process());
            } else if (open == null && op.isOk() && startKinds.contains(op.f())) {
                Op closedBefore = op.session() == 0 ? null : closedSessions.get(op.session());
                openByProcess.put(op.process(), new Open(op, closedBefore));
            }
        }
        openByProcess.values().forEach(open -> closed.add(open.endedBy(Optional.empty())));
        closed.sort(Comparator.comparingLong(hold -> hold.start().index()));
        return closed;
    }

    /** Whether the op ends the open hold: a crash of its process, or an end kind of the hold's session. */
    private static boolean ends(Op op, Op start, Collection<OpKind> endKinds) {
        return op.f().equals(OpKind.CRASHED) || sameSession(op, start) && endKinds.contains(op.f());
    }

    /** Ops without a session (unit tests, real clusters) belong to whatever session is open. */
    private static boolean sameSession(Op op, Op start) {
        return op.session() == 0 || start.session() == 0 || op.session() == start.session();
    }

    /**
     * A hold still open while the history is read, with the session instants seen so far. Being
     * told counts only once the delivery is over: a recipe that steps down in its handler of
     * Disconnected records SUSPENDED right after the harness recorded DISCONNECTED, in the same
     * event, and was never a zombie. The delivery is over at the first later op of another
     * process or of a later instant, since nothing else runs while one process handles an event.
     */
    private static final class Open {
        private final Op start;
        private Op sessionClosed;
        private Op delivering;
        private Op told;

        Open(Op start, Op sessionClosed) {
            this.start = start;
            this.sessionClosed = sessionClosed;
        }

        /** Notes the close of the hold's own session, the first time its holder was told, and the end of that delivery. */
        void note(Op op) {
            if (delivering != null && told == null
                    && (!op.process().equals(start.process()) || op.time() > delivering.time())) {
                told = delivering;
            }
            if (!op.process().equals(start.process())) {
                return;
            }
            if (sessionClosed == null && op.f().equals(OpKind.SESSION_CLOSED) && start.session() != 0
                    && op.session() == start.session()) {
                sessionClosed = op;
            } else if (delivering == null && TOLD.contains(op.f()) && sameSession(op, start)) {
                delivering = op;
            }
        }

        /** The hold as it ended; one that is still open at the end of the history was told for good. */
        Hold endedBy(Optional<Op> end) {
            Op toldOp = end.isPresent() ? told : delivering;
            return new Hold(start.process(), start.f(), start, end, Optional.ofNullable(sessionClosed),
                    Optional.ofNullable(toldOp));
        }
    }
}
