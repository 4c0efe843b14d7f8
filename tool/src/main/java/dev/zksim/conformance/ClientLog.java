package dev.zksim.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * What one client received during a step, in arrival order: events and its own reply. On
 * the real side lines are added on the handle's event thread and taken on the driver
 * thread, hence the synchronisation; in the simulation everything runs on one thread.
 */
final class ClientLog {
    private final List<String> lines = new ArrayList<>();

    synchronized void add(String line) {
        lines.add(line);
    }

    synchronized boolean contains(String line) {
        return lines.contains(line);
    }

    /** The lines so far, clearing the log for the next step. */
    synchronized List<String> drain() {
        List<String> copy = List.copyOf(lines);
        lines.clear();
        return copy;
    }
}
