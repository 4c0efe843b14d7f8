package dev.zksim.server.watch;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The paths one connection watches in one table, in registration order. A connection
 * mostly holds one or two watches per table, each taken again soon after it was set: the
 * paths sit in an array that is scanned, and only a set grown past {@link #SCAN_UP_TO}
 * paths (a client caching a whole subtree) gets a hash index beside it, so that forgetting
 * one watch does not scan them all. A {@code LinkedHashSet} made and dropped with each
 * connection's first and last watch cost a set, a map, a table and an entry every time.
 */
final class PathSet {
    private static final int SCAN_UP_TO = 16;

    private String[] paths = new String[2];
    private int size;
    /** The paths, once the set outgrew a scan; null before. */
    private LinkedHashSet<String> index;

    /** Adds the path last; the table adds only paths the connection does not watch yet. */
    void add(String path) {
        if (size == paths.length) {
            paths = Arrays.copyOf(paths, size * 2);
        }
        paths[size++] = path;
        if (index != null) {
            index.add(path);
        } else if (size > SCAN_UP_TO) {
            index = new LinkedHashSet<>(Arrays.asList(paths).subList(0, size));
        }
    }

    /** Removes the path, keeping the others in order; false if it was not in. */
    boolean remove(String path) {
        if (index != null && !index.remove(path)) {
            return false;
        }
        int at = positionOf(path);
        if (at < 0) {
            return false;
        }
        System.arraycopy(paths, at + 1, paths, at, size - at - 1);
        paths[--size] = null;
        return true;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The path registered {@code position}-th among those still in. */
    String get(int position) {
        return paths[position];
    }

    /** The paths in registration order, immutable. */
    List<String> toList() {
        return List.of(Arrays.copyOf(paths, size));
    }

    // Scanned from the newest: the watch taken is mostly the one set last.
    private int positionOf(String path) {
        int hash = path.hashCode();
        for (int i = size - 1; i >= 0; i--) {
            String held = paths[i];
            if (held == path || (held.hashCode() == hash && held.equals(path))) {
                return i;
            }
        }
        return -1;
    }
}
