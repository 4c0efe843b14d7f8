package dev.zksim.api;

/**
 * A znode's metadata as a client sees it, with all eleven fields of ZooKeeper's Stat.
 * cversion is the visible value (2 * internal - numChildren, see the reference section 1.3)
 * and ephemeralOwner is 0 for persistent and container nodes.
 */
public record Stat(
        long czxid,
        long mzxid,
        long ctime,
        long mtime,
        int version,
        int cversion,
        int aversion,
        long ephemeralOwner,
        int dataLength,
        int numChildren,
        long pzxid) {
}
