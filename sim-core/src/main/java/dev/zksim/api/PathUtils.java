package dev.zksim.api;

/**
 * Client-side znode path validation with ZooKeeper's rules (reference section 1.2). The
 * client calls it before sending anything, so an invalid path fails synchronously with
 * an IllegalArgumentException; the server repeats the check where ZooKeeper does.
 */
public final class PathUtils {
    private PathUtils() {
    }

    /**
     * Validates a path as a sequential or plain create would. A sequential create checks
     * {@code path + "1"}, because the server appends a counter: that is why a path ending
     * in '/' is acceptable for a sequential create.
     */
    public static void validatePath(String path, boolean isSequential) {
        if (path == null) {
            throw new IllegalArgumentException("Path cannot be null");
        }
        if (!isPlain(path, isSequential)) {
            validateExactly(isSequential ? path + "1" : path);
        }
    }

    /**
     * Throws IllegalArgumentException if the path is null or empty, does not start with
     * '/', ends with '/' (other than "/" itself), has an empty, "." or ".." component, or
     * contains a character ZooKeeper forbids.
     */
    public static void validatePath(String path) {
        if (path == null) {
            throw new IllegalArgumentException("Path cannot be null");
        }
        if (!isPlain(path, false)) {
            validateExactly(path);
        }
    }

    /** The checks of {@link #validatePath(String)} one by one, in ZooKeeper's order, for a non-null path. */
    static void validateExactly(String path) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("Path length must be > 0");
        }
        if (path.charAt(0) != '/') {
            throw new IllegalArgumentException("Path must start with / character");
        }
        if (path.length() == 1) {
            return;
        }
        if (path.charAt(path.length() - 1) == '/') {
            throw new IllegalArgumentException("Path must not end with / character");
        }
        checkComponentsFrom(path, 1);
    }

    /**
     * {@link #validatePath(String)} for a path whose parent path, everything before its last
     * '/', is known to be valid and is not the root: only the last component is checked. The
     * server checks a new node's path so, since its parent's path was checked when the parent
     * was created.
     */
    public static void validateLastComponent(String path) {
        int start = path.lastIndexOf('/') + 1;
        if (!isPlainFrom(path, start, false)) {
            checkComponentsFrom(path, start);
        }
    }

    /**
     * Whether the path passes by the rules nearly every path meets: it starts with '/', has
     * a component after it, holds only printable ASCII, and no component is empty, "." or
     * "..". Every client call and every create on the server validates a path, so this is
     * one pass that decides alone; a path it does not pass goes through the checks that
     * find the first fault and word the error as ZooKeeper does. With {@code sequential},
     * the path is judged as {@code path + "1"} would be, without building that string: the
     * last component then always gains a character, so it can be neither empty nor a dot.
     */
    private static boolean isPlain(String path, boolean sequential) {
        return path.length() >= 2 && path.charAt(0) == '/' && isPlainFrom(path, 1, sequential);
    }

    /** {@link #isPlain} for the components from {@code start}, where one begins, to the end of the path. */
    private static boolean isPlainFrom(String path, int start, boolean sequential) {
        int length = path.length();
        int componentStart = start;
        for (int i = start; i < length; i++) {
            char c = path.charAt(i);
            if (c == '/') {
                if (!isPlainComponent(path, componentStart, i)) {
                    return false;
                }
                componentStart = i + 1;
            } else if (c < ' ' || c > '~') {
                return false;
            }
        }
        return sequential || isPlainComponent(path, componentStart, length);
    }

    /** Whether the component is neither empty nor "." nor "..": only one that starts with a dot can be either. */
    private static boolean isPlainComponent(String path, int start, int end) {
        int length = end - start;
        return length > 2 || (length > 0 && path.charAt(start) != '.')
                || (length == 2 && path.charAt(start + 1) != '.');
    }

    /** Checks each component from {@code start}, where one begins, to the end of the path. */
    private static void checkComponentsFrom(String path, int start) {
        int componentStart = start;
        for (int i = start; i <= path.length(); i++) {
            char c = i == path.length() ? '/' : path.charAt(i);
            if (c == '/') {
                checkComponent(path, componentStart, i);
                componentStart = i + 1;
            } else if (c < ' ' || c > '~') {
                // Printable ASCII, nearly every character of every path, is always allowed:
                // only the others are looked at more closely.
                checkCharacter(path, i);
            }
        }
    }

    private static void checkComponent(String path, int start, int end) {
        int length = end - start;
        if (length == 0) {
            throw invalid(path, "empty node name specified", start);
        }
        boolean dot = length == 1 && path.charAt(start) == '.';
        boolean dotDot = length == 2 && path.charAt(start) == '.' && path.charAt(start + 1) == '.';
        if (dot || dotDot) {
            throw invalid(path, "relative paths not allowed", start);
        }
    }

    private static void checkCharacter(String path, int index) {
        char c = path.charAt(index);
        if (c == '\u0000') {
            throw invalid(path, "null character not allowed", index);
        }
        boolean control = (c >= '\u0001' && c <= '\u001f') || (c >= '\u007f' && c <= '\u009f');
        boolean reserved = (c >= '\ud800' && c <= '\uf8ff') || c >= '\ufff0';
        if (control || reserved) {
            throw invalid(path, "invalid character", index);
        }
    }

    private static IllegalArgumentException invalid(String path, String reason, int index) {
        return new IllegalArgumentException("Invalid path string \"" + path + "\" caused by " + reason + " @" + index);
    }
}
