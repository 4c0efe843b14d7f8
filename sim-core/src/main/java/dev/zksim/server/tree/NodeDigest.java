package dev.zksim.server.tree;

/**
 * A well-mixed 64-bit hash of one node, so that the tree digest can be a plain sum over
 * nodes (order-independent, no sorting) and still tell trees apart. Only spec-defined
 * hashes are used (String.hashCode and the arithmetic below), so digests agree across
 * JVMs and runs.
 */
final class NodeDigest {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private NodeDigest() {
    }

    static long of(String path, Node node) {
        long h = path.hashCode();
        h = step(h, path.length());
        h = step(h, dataHash(node.data));
        h = step(h, node.czxid);
        h = step(h, node.mzxid);
        h = step(h, node.ctime);
        h = step(h, node.mtime);
        h = step(h, node.version);
        h = step(h, node.cversion);
        h = step(h, node.aversion);
        h = step(h, node.ephemeralOwner);
        h = step(h, node.pzxid);
        h = step(h, node.perms);
        return mix(h);
    }

    private static long dataHash(byte[] data) {
        if (data == null) {
            return -1;
        }
        long h = data.length;
        for (byte b : data) {
            h = h * 31 + b;
        }
        return h;
    }

    private static long step(long h, long value) {
        return mix(h * GOLDEN + value);
    }

    /** The SplitMix64 finaliser: every input bit affects every output bit. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
