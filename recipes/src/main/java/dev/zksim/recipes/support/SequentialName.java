package dev.zksim.recipes.support;

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
        if (name.length() < DIGITS) {
            return Optional.empty();
        }
        String digits = name.substring(name.length() - DIGITS);
        for (int i = 0; i < DIGITS; i++) {
            if (!Character.isDigit(digits.charAt(i))) {
                return Optional.empty();
            }
        }
        return Optional.of(new SequentialName(name, name.substring(0, name.length() - DIGITS), Long.parseLong(digits)));
    }

    /** The sequential children of a listing, sorted by counter; other names are ignored. */
    public static List<SequentialName> sorted(List<String> children) {
        return children.stream().map(SequentialName::parse).flatMap(Optional::stream).sorted(BY_SEQUENCE).toList();
    }

    /** The sorted sequential children whose prefix contains the marker (a role or a guid). */
    public static List<SequentialName> sortedWith(List<String> children, String marker) {
        return sorted(children).stream().filter(child -> child.prefix().contains(marker)).toList();
    }
}
