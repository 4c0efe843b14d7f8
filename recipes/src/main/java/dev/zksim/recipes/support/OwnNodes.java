package dev.zksim.recipes.support;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The children that carry one caller's own prefix ({@code <guid>-<role>-}, see
 * {@link ProtectedCreate#prefix}), lowest counter first. Normally there is exactly one. A
 * create whose reply was lost can leave two: the recovery lists the children on a server
 * that has not yet applied the first create (reads are served from the local replica, and
 * the client never saw that write), finds nothing, creates again, and both commit. The
 * caller's place is then its lowest node; the others are duplicates that must be deleted,
 * or they block whoever queues behind them (the caller itself included) for as long as the
 * session lives. Pure: no I/O.
 *
 * @param node the lowest own child name, the one to act on
 * @param duplicates the other own child names, lowest first, to delete
 */
public record OwnNodes(String node, List<String> duplicates) {

    public OwnNodes {
        duplicates = List.copyOf(duplicates);
    }

    /** The own nodes in a listing, or empty if none carries the prefix (the node is gone). */
    public static Optional<OwnNodes> find(List<String> children, String prefix) {
        List<String> mine = SequentialName.sorted(children).stream()
                .filter(child -> child.prefix().equals(prefix))
                .map(SequentialName::name)
                .toList();
        return mine.isEmpty() ? Optional.empty() : Optional.of(new OwnNodes(mine.getFirst(), mine.subList(1, mine.size())));
    }

    /** The lowest node and then the duplicates. */
    public List<String> all() {
        return Stream.concat(Stream.of(node), duplicates.stream()).toList();
    }

    /** The listing with the duplicates taken out (they are being deleted): what a decision sees. */
    public List<String> withoutDuplicates(List<String> children) {
        return children.stream().filter(child -> !duplicates.contains(child)).toList();
    }

    /** The own prefix of a child name made by a sequential create, or empty if it has no counter. */
    public static Optional<String> prefixOf(String child) {
        return SequentialName.parse(child).map(SequentialName::prefix);
    }
}
