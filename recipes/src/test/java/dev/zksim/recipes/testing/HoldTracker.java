package dev.zksim.recipes.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Records, from the holders' own reports, who believes it holds a lock (or leads) and when,
 * and fails on overlap: an exclusive holder's belief starts at HELD and ends at SUSPENDED,
 * LOST, RELEASED, or its process's crash. Shared holders (readers) may overlap each other
 * but never an exclusive holder.
 */
public final class HoldTracker {
    /** One finished or open interval of belief. */
    public record Interval(String client, boolean shared, long from, long to, long token) {
    }

    private final Map<String, Interval> open = new TreeMap<>();
    private final List<Interval> intervals = new ArrayList<>();
    private final List<String> violations = new ArrayList<>();
    private final Map<String, Integer> grants = new TreeMap<>();
    private long lastExclusiveToken = Long.MIN_VALUE;
    private String lastExclusiveHolder;

    public void held(String client, boolean shared, long now, long token) {
        for (Interval other : open.values()) {
            if (!other.client().equals(client) && !(shared && other.shared())) {
                violations.add("at " + now + " " + client + (shared ? " (shared)" : "") + " holds while "
                        + other.client() + (other.shared() ? " (shared)" : "") + " has held since " + other.from());
            }
        }
        if (!shared) {
            boolean resumed = client.equals(lastExclusiveHolder) && token == lastExclusiveToken;
            if (!resumed && token <= lastExclusiveToken) {
                violations.add("at " + now + " " + client + " got fencing token " + token + " <= " + lastExclusiveToken);
            }
            lastExclusiveToken = Math.max(lastExclusiveToken, token);
            lastExclusiveHolder = client;
        }
        open.put(client, new Interval(client, shared, now, -1, token));
        grants.merge(client, 1, Integer::sum);
    }

    public void stopped(String client, long now) {
        Interval interval = open.remove(client);
        if (interval != null) {
            intervals.add(new Interval(client, interval.shared(), interval.from(), now, interval.token()));
        }
    }

    public List<String> violations() {
        return violations;
    }

    public List<Interval> intervals() {
        return intervals;
    }

    public boolean holding(String client) {
        return open.containsKey(client);
    }

    public List<String> holders() {
        return List.copyOf(open.keySet());
    }

    public int grants(String client) {
        return grants.getOrDefault(client, 0);
    }
}
