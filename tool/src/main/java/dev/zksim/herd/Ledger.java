package dev.zksim.herd;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the participants of one run report about themselves, in simulated time: when each
 * client started and stopped waiting (its waiting spells), how often it acquired, and
 * whether it finished or failed. The trace tells what the servers and the network saw; this
 * tells which of those notifications found a client waiting.
 */
final class Ledger {

    /** One stretch of waiting, from the call that starts it to the progress that ends it (-1: never ended). */
    record Spell(String client, long from, long to) {
        boolean covers(long time) {
            return time >= from && (to < 0 || time <= to);
        }
    }

    private final Map<String, List<Spell>> spells = new LinkedHashMap<>();
    private final List<String> failures = new ArrayList<>();
    private int acquisitions;
    private int finished;
    private long lastFinish;

    void waiting(String client, long now) {
        spells.computeIfAbsent(client, id -> new ArrayList<>()).add(new Spell(client, now, -1));
    }

    /** Ends the client's open spell: it acquired, leads, or passed a barrier phase. */
    void progressed(String client, long now) {
        List<Spell> own = spells.get(client);
        if (own == null || own.getLast().to() >= 0) {
            throw new IllegalStateException(client + " progressed without waiting");
        }
        own.set(own.size() - 1, new Spell(client, own.getLast().from(), now));
    }

    void acquired() {
        acquisitions++;
    }

    void finished(long now) {
        finished++;
        lastFinish = Math.max(lastFinish, now);
    }

    void failed(String client, Throwable error) {
        failures.add(client + ": " + error);
    }

    List<Spell> spells(String client) {
        return spells.getOrDefault(client, List.of());
    }

    int acquisitions() {
        return acquisitions;
    }

    int finishedCount() {
        return finished;
    }

    long lastFinish() {
        return lastFinish;
    }

    List<String> failures() {
        return failures;
    }
}
