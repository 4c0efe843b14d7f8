package dev.zksim.recipes.support;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A child name made by a sequential create: whatever prefix the creator chose, then the
 * ten-digit counter ZooKeeper appended. Recipes order such names by the counter alone, never
 * by the whole name: a "read-" and a "write-" node, or nodes with different client ids in
 * front, share the parent's single counter (reference 6.1).
 */
public record SequentialName(String name, String prefix, long sequence) {
    private static final int DIGITS = 10;

    /** Orders by sequence number, then by name for the impossible tie. */
    public static final Comparator<SequentialName> BY_SEQUENCE =
            Comparator.comparingLong(SequentialName::sequence).thenComparing(SequentialName::name);

    /** The parsed name, or empty if it does not end in a ten-digit counter. */
    public static Optional<SequentialName> parse(String name) {
        return Optional.ofNullable(parseOrNull(name));
    }

    /**
     * The parsed name, or null: the counter is read digit by digit, without cutting a string
     * for it, because recipes parse every child of every listing.
     */
    private static SequentialName parseOrNull(String name) {
        long sequence = counterOf(name);
        if (sequence < 0) {
            return null;
        }
        return new SequentialName(name, name.substring(0, name.length() - DIGITS), sequence);
    }

    /**
     * The counter at the end of a name, or -1 if it does not end in ten digits: the number
     * {@link #parse} would give as the sequence, read without making a record or cutting a
     * string.
     */
    public static long counterOf(String name) {
        int start = name.length() - DIGITS;
        if (start < 0) {
            return -1;
        }
        long sequence = 0;
        for (int i = start; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            sequence = sequence * 10 + (c - '0');
        }
        return sequence;
    }

    /** The sequential children of a listing, sorted by counter; other names are ignored. */
    public static List<SequentialName> sorted(List<String> children) {
        List<SequentialName> names = new ArrayList<>(children.size());
        for (String child : children) {
            SequentialName parsed = parseOrNull(child);
            if (parsed != null) {
                names.add(parsed);
            }
        }
        names.sort(BY_SEQUENCE);
        return Collections.unmodifiableList(names);
    }

    /** The sorted sequential children whose prefix contains the marker (a role or a guid). */
    public static List<SequentialName> sortedWith(List<String> children, String marker) {
        return sorted(children).stream().filter(child -> child.prefix().contains(marker)).toList();
    }
}
