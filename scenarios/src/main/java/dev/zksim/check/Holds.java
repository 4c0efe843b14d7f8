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
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a history into hold spans. A hold starts at an OK op of a start kind (the acquire
 * completed, or the client was told it leads) and ends at the first later op of an end kind
 * by the same process, whatever its type: a RELEASE <em>invocation</em> ends the belief,
 * because the client stops using the resource before it asks to delete its node, and the
 * next holder may legitimately be told it holds before the releaser hears back.
 *
 * <p>A belief belongs to a session. It also ends the instant its session's closeSession
 * commits (SESSION_CLOSED), because from then on ZooKeeper may give the resource to someone
 * else while the old client, cut off or served by a lagging follower, cannot yet know. For
 * the same reason a grant recorded in a session that was already closed is no belief at all:
 * a follower that has not applied the closeSession may still answer the dead session, as
 * ZooKeeper allows. Whether such a client then acts safely is the fencing checker's question.
 * An end op of another session (a late LOST of an old session, after the client opened a new
 * one) does not end the current session's hold; a crash ends every hold of the process.
 */
final class Holds {

    private Holds() {
    }

    static List<Hold> of(History history, Collection<OpKind> startKinds, Collection<OpKind> endKinds) {
        List<Hold> closed = new ArrayList<>();
        Map<String, Op> openByProcess = new LinkedHashMap<>();
        Set<Long> closedSessions = new TreeSet<>();
        for (Op op : history) {
            Op open = openByProcess.get(op.process());
            if (op.f().equals(OpKind.SESSION_CLOSED)) {
                closedSessions.add(op.session());
            }
            if (open != null && ends(op, open, endKinds)) {
                closed.add(new Hold(op.process(), open.f(), open, Optional.of(op)));
                openByProcess.remove(op.process());
            } else if (open == null && op.isOk() && startKinds.contains(op.f())
                    && !(op.session() != 0 && closedSessions.contains(op.session()))) {
                openByProcess.put(op.process(), op);
            }
        }
        openByProcess.forEach((process, open) -> closed.add(new Hold(process, open.f(), open, Optional.empty())));
        closed.sort(Comparator.comparingLong(hold -> hold.start().index()));
        return closed;
    }

    /** Whether the op ends the open hold: an end kind of the hold's session, a crash, or its session's close. */
    private static boolean ends(Op op, Op open, Collection<OpKind> endKinds) {
        boolean sameSession = op.session() == 0 || open.session() == 0 || op.session() == open.session();
        if (op.f().equals(OpKind.SESSION_CLOSED) || op.f().equals(OpKind.CRASHED)) {
            return op.f().equals(OpKind.CRASHED) || (open.session() != 0 && op.session() == open.session());
        }
        return sameSession && endKinds.contains(op.f());
    }
}
