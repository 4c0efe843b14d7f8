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

/**
 * Turns a history into hold spans. A hold starts at an OK op of a start kind (the acquire
 * completed, or the client was told it leads) and ends at the first later op of an end kind
 * by the same process, whatever its type: a RELEASE <em>invocation</em> ends the belief,
 * because the client stops using the resource before it asks to delete its node, and the
 * next holder may legitimately be told it holds before the releaser hears back.
 */
final class Holds {

    private Holds() {
    }

    static List<Hold> of(History history, Collection<OpKind> startKinds, Collection<OpKind> endKinds) {
        List<Hold> closed = new ArrayList<>();
        Map<String, Op> openByProcess = new LinkedHashMap<>();
        for (Op op : history) {
            Op open = openByProcess.get(op.process());
            if (open != null && endKinds.contains(op.f())) {
                closed.add(new Hold(op.process(), open.f(), open, Optional.of(op)));
                openByProcess.remove(op.process());
            } else if (open == null && op.isOk() && startKinds.contains(op.f())) {
                openByProcess.put(op.process(), op);
            }
        }
        openByProcess.forEach((process, open) -> closed.add(new Hold(process, open.f(), open, Optional.empty())));
        closed.sort(Comparator.comparingLong(hold -> hold.start().index()));
        return closed;
    }
}
