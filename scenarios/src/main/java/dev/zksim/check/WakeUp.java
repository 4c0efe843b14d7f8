package dev.zksim.check;

import java.util.List;

/**
 * One znode deletion and the clients whose watches fired because of it, each with whether it
 * then made progress (acquired, became leader, consumed an item). A woken client that made
 * no progress only re-read and went back to waiting: that wasted wake-up is the herd effect.
 */
public record WakeUp(String deletedPath, long time, List<Woken> woken) {

    public WakeUp {
        woken = List.copyOf(woken);
    }

    public record Woken(String client, boolean progressed) {
    }

    /** How many woken clients made no progress. */
    public int wasted() {
        int wasted = 0;
        for (Woken client : woken) {
            if (!client.progressed()) {
                wasted++;
            }
        }
        return wasted;
    }
}
