package dev.zksim.recipes.naming;

import dev.zksim.recipes.support.SequentialName;
import java.util.Optional;

/**
 * A name handed out by the naming service: the path of its znode and the counter ZooKeeper
 * appended, which is unique under the names node (the parent's counter never repeats).
 */
public record UniqueName(String path, long sequence) {

    /** The unique name of a created path, or empty if it has no ten-digit counter. */
    public static Optional<UniqueName> parse(String path) {
        int slash = path.lastIndexOf('/');
        return SequentialName.parse(path.substring(slash + 1)).map(name -> new UniqueName(path, name.sequence()));
    }
}
