package dev.zksim.server.tree;

import java.util.List;

/**
 * Znode path arithmetic shared by the tree and the request preparer. Paths are assumed
 * to contain '/'; the preparer rejects other paths before they get here.
 */
public final class ZnodePaths {
    /** The nodes that cannot be deleted (ZooKeeper's DataTree.isSpecialPath). */
    public static final List<String> SPECIAL_PATHS = List.of("/", "/zookeeper", "/zookeeper/quota", "/zookeeper/config");
    public static final String CONFIG_PATH = "/zookeeper/config";

    private ZnodePaths() {
    }

    /** True for "/", "/zookeeper", "/zookeeper/quota" and "/zookeeper/config". */
    public static boolean isSpecialPath(String path) {
        return SPECIAL_PATHS.contains(path);
    }

    /**
     * The parent of a path containing '/': children of the root have parent "/" (ZooKeeper
     * computes "" and aliases it to the root), and so does "/" itself.
     */
    public static String parentOf(String path) {
        int lastSlash = path.lastIndexOf('/');
        if (lastSlash < 0) {
            throw new IllegalArgumentException("Not a znode path: " + path);
        }
        return lastSlash == 0 ? "/" : path.substring(0, lastSlash);
    }

    /** The last component of a path ("" for "/"). */
    public static String childName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
