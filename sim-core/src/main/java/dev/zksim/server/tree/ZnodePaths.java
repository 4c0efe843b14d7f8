package dev.zksim.server.tree;

import java.util.List;
import java.util.Locale;

/**
 * Znode path arithmetic shared by the tree and the request preparer. Paths are assumed
 * to contain '/'; the preparer rejects other paths before they get here.
 */
public final class ZnodePaths {
    /** The nodes that cannot be deleted (ZooKeeper's DataTree.isSpecialPath). */
    public static final List<String> SPECIAL_PATHS = List.of("/", "/zookeeper", "/zookeeper/quota", "/zookeeper/config");
    public static final String CONFIG_PATH = "/zookeeper/config";

    /** The padding of a sequence suffix by the number of zeros it needs (at most nine). */
    private static final String[] ZEROS = new String[10];

    static {
        for (int count = 0; count < ZEROS.length; count++) {
            ZEROS[count] = "0".repeat(count);
        }
    }

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

    /**
     * The suffix a sequential create appends: the parent's cversion as ZooKeeper writes it,
     * {@code String.format("%010d", cversion)} (PrepRequestProcessor).
     */
    public static String sequenceSuffix(int cversion) {
        return sequentialPath("", cversion);
    }

    /**
     * {@code path} followed by {@link #sequenceSuffix}, built as one string: every sequential
     * create of every seed makes one, and the formatter was about a hundredth of a lock
     * sweep's CPU (then the digits, their padding and the concatenations were four strings
     * for one). A negative cversion (after 2^31 child changes) keeps the format's own spelling.
     */
    public static String sequentialPath(String path, int cversion) {
        if (cversion < 0) {
            return path + String.format(Locale.ENGLISH, "%010d", cversion);
        }
        int zeros = 0;
        for (int below = 1_000_000_000; below > 1 && cversion < below; below /= 10) {
            zeros++;
        }
        return path + ZEROS[zeros] + cversion;
    }

    /** The last component of a path ("" for "/"). */
    public static String childName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
