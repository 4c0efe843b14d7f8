package dev.zksim.recipes.canary;

import dev.zksim.recipes.queue.ItemOrder;
import java.util.List;

/**
 * CANARY, BROKEN ON PURPOSE: a FIFO queue consumer's order that forgets to sort the
 * getChildren list and takes the items in the order the server listed them. ZooKeeper
 * lists children from a hash set, so the items come out in no particular order; a server
 * that happened to list them sorted (as zksim once did) would hide the bug, which is why only
 * the drawn order of getChildren exposes it.
 */
public final class UnsortedItemOrder implements ItemOrder {

    @Override
    public String prefix() {
        return FIFO.prefix();
    }

    @Override
    public List<String> order(List<String> children) {
        return children.stream().filter(name -> name.startsWith(prefix())).toList();
    }

    @Override
    public boolean dropCacheOnChange() {
        return false;
    }
}
