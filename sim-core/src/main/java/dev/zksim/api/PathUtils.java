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
     * in '/' is acceptable for a sequential create. That string is not built: it is never
     * empty, never "/" alone and never ends in '/', and its last component, which gains the
     * "1", is never empty, "." or "..", so only the rest is walked, and an error names it.
     */
    public static void validatePath(String path, boolean isSequential) {
        if (path == null) {
            throw new IllegalArgumentException("Path cannot be null");
        }
        if (!isSequential) {
            validatePath(path);
            return;
        }
        if (path.isEmpty() || path.charAt(0) != '/') {
            throw new IllegalArgumentException("Path must start with / character");
        }
        checkComponentsFrom(path, 1, "1");
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
        checkComponentsFrom(path, 1, "");
    }

    /**
     * {@link #validatePath(String)} for a path whose parent path, everything before its last
     * '/', is known to be valid and is not the root: only the last component is checked. The
     * server checks a new node's path so, since its parent's path was checked when the parent
     * was created.
     */
    public static void validateLastComponent(String path) {
        checkComponentsFrom(path, path.lastIndexOf('/') + 1, "");
    }

    /**
     * Checks each component from {@code start}, where one begins, to the end of the path, in
     * one pass: every client call and every create on the server validates a path. The path
     * is checked as {@code path + suffix}; a suffix makes the last component one that passes.
     */
    private static void checkComponentsFrom(String path, int start, String suffix) {
        int length = path.length();
        int componentStart = start;
        for (int i = start; i < length; i++) {
            char c = path.charAt(i);
            if (c == '/') {
                checkComponent(path, componentStart, i, suffix);
                componentStart = i + 1;
            } else if (c < ' ' || c > '~') {
                // Printable ASCII, nearly every character of every path, is always allowed:
                // only the others are looked at more closely.
                checkCharacter(path, i, suffix);
            }
        }
        if (suffix.isEmpty()) {
            checkComponent(path, componentStart, length, suffix);
        }
    }

    private static void checkComponent(String path, int start, int end, String suffix) {
        int length = end - start;
        if (length == 0) {
            throw invalid(path + suffix, "empty node name specified", start);
        }
        // ZooKeeper notices a relative component at its last dot, and its message gives that
        // index: "/.." fails @2, not @1, and a client that matches messages sees the same text.
        if (length == 1 && path.charAt(start) == '.') {
            throw invalid(path + suffix, "relative paths not allowed", start);
        }
        if (length == 2 && path.charAt(start) == '.' && path.charAt(start + 1) == '.') {
            throw invalid(path + suffix, "relative paths not allowed", start + 1);
        }
    }

    private static void checkCharacter(String path, int index, String suffix) {
        char c = path.charAt(index);
        if (c == '\u0000') {
            throw invalid(path + suffix, "null character not allowed", index);
        }
        boolean control = (c >= '\u0001' && c <= '\u001f') || (c >= '\u007f' && c <= '\u009f');
        boolean reserved = (c >= '\ud800' && c <= '\uf8ff') || c >= '\ufff0';
        if (control || reserved) {
            throw invalid(path + suffix, "invalid character", index);
        }
    }

    private static IllegalArgumentException invalid(String path, String reason, int index) {
        return new IllegalArgumentException("Invalid path string \"" + path + "\" caused by " + reason + " @" + index);
    }
}
