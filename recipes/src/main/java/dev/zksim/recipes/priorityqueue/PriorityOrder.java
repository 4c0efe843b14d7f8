package dev.zksim.recipes.priorityqueue;

import dev.zksim.recipes.queue.ItemOrder;
import dev.zksim.recipes.support.SequentialName;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The pure ordering of a priority queue: items are named {@code queue-<PP>-<counter>} with a
 * two-digit priority, 00 being the most urgent, and are taken by priority, then by counter
 * (FIFO among equals). A new item may sort before the cached ones, so the cache is dropped on
 * every child notification.
 */
public final class PriorityOrder implements ItemOrder {
    public static final String PREFIX = "queue-";
    public static final int HIGHEST = 0;
    public static final int LOWEST = 99;

    /** A parsed item name. */
    public record Entry(String name, int priority, long sequence) {
    }

    @Override
    public String prefix() {
        return PREFIX;
    }

    /** The name prefix of an item with this priority. */
    public static String prefixFor(int priority) {
        if (priority < HIGHEST || priority > LOWEST) {
            throw new IllegalArgumentException("priority must be 0..99: " + priority);
        }
        return String.format(Locale.ROOT, "%s%02d-", PREFIX, priority);
    }

    /** The entry of a well-formed item name, or empty for anything else. */
    public static Optional<Entry> parse(String child) {
        return SequentialName.parse(child).flatMap(name -> {
            String head = name.prefix();
            if (head.length() != PREFIX.length() + 3 || !head.startsWith(PREFIX) || !head.endsWith("-")) {
                return Optional.empty();
            }
            String digits = head.substring(PREFIX.length(), PREFIX.length() + 2);
            if (!Character.isDigit(digits.charAt(0)) || !Character.isDigit(digits.charAt(1))) {
                return Optional.empty();
            }
            return Optional.of(new Entry(child, Integer.parseInt(digits), name.sequence()));
        });
    }

    @Override
    public List<String> order(List<String> children) {
        return children.stream().map(PriorityOrder::parse).flatMap(Optional::stream)
                .sorted(Comparator.comparingInt(Entry::priority).thenComparingLong(Entry::sequence))
                .map(Entry::name)
                .toList();
    }

    @Override
    public boolean dropCacheOnChange() {
        return true;
    }
}
