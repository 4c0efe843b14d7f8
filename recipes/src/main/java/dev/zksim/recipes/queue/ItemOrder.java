package dev.zksim.recipes.queue;

import dev.zksim.recipes.support.SequentialName;
import java.util.List;

/**
 * How a consumer orders the items it lists, and whether a child notification makes its cached
 * list stale. FIFO keeps its list until it is used up (new items always sort after the cached
 * ones); a priority queue must drop it, since a new item may come first.
 */
public interface ItemOrder {
    /** The prefix of every item name; other children of the queue node are ignored. */
    String prefix();

    /** The item names in the order they are to be taken. */
    List<String> order(List<String> children);

    /** True if any child notification invalidates the cached list. */
    boolean dropCacheOnChange();

    /** The recipes page's FIFO order: by the sequence counter alone. */
    ItemOrder FIFO = new ItemOrder() {
        @Override
        public String prefix() {
            return "queue-";
        }

        @Override
        public List<String> order(List<String> children) {
            return SequentialName.sorted(children).stream()
                    .filter(name -> name.prefix().equals(prefix()))
                    .map(SequentialName::name)
                    .toList();
        }

        @Override
        public boolean dropCacheOnChange() {
            return false;
        }
    };
}
