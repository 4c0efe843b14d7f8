package dev.zksim.kernel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the simulated world is still waiting for, in words: "c3 acquire /lock", "s2 sync
 * with leader". Components open a wait when they start something that must finish and
 * close it when it does; a run that hits a bound prints the ones still open, which turns
 * "the run got stuck" into "the run got stuck waiting for X".
 */
public final class Waits {
    private final Map<Long, Wait> open = new LinkedHashMap<>();
    private long nextId;

    /** A handle to one open wait. */
    public final class Wait {
        private final long id;
        private final String what;
        private final long since;

        private Wait(long id, String what, long since) {
            this.id = id;
            this.what = what;
            this.since = since;
        }

        /** Marks the wait as over; closing twice is harmless. */
        public void close() {
            open.remove(id);
        }

        public String what() {
            return what;
        }

        public long since() {
            return since;
        }
    }

    Wait open(String what, long now) {
        Wait wait = new Wait(nextId++, what, now);
        open.put(wait.id, wait);
        return wait;
    }

    /** The open waits, oldest first, as "what (since 1.250000s)". */
    public List<String> describeOpen() {
        List<String> lines = new ArrayList<>();
        for (Wait wait : open.values()) {
            lines.add(wait.what + " (since " + Time.formatSeconds(wait.since) + ")");
        }
        return lines;
    }

    public int openCount() {
        return open.size();
    }
}
