package dev.zksim.api;

import java.util.Arrays;

/**
 * How znode payloads are compared, hashed and printed inside value types (ops, results,
 * transactions). Records compare arrays by identity, which would make two equal
 * operations unequal and traces unreadable, so every record with a byte[] component
 * delegates to these helpers. A null payload stays distinct from an empty one, as in
 * ZooKeeper where null data round-trips as null.
 */
public final class ZnodeData {
    /** Payloads longer than this are printed in part, followed by their length. */
    private static final int PRINT_LIMIT = 32;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private ZnodeData() {
    }

    public static boolean equals(byte[] a, byte[] b) {
        return Arrays.equals(a, b);
    }

    /** Content hash; 0 for null and a different value (1) for empty, so the two stay apart. */
    public static int hashCode(byte[] data) {
        return data == null ? 0 : 31 + Arrays.hashCode(data);
    }

    /**
     * A short deterministic rendering: {@code null}, a quoted string when every byte is
     * printable ASCII, otherwise hex. Long payloads are cut and show their length.
     */
    public static String toString(byte[] data) {
        if (data == null) {
            return "null";
        }
        int shown = Math.min(data.length, PRINT_LIMIT);
        StringBuilder text = new StringBuilder(shown * 2 + 16);
        if (isPrintableAscii(data, shown)) {
            text.append('"');
            for (int i = 0; i < shown; i++) {
                text.append((char) data[i]);
            }
            text.append('"');
        } else {
            text.append("0x");
            for (int i = 0; i < shown; i++) {
                text.append(HEX[(data[i] >> 4) & 0xf]).append(HEX[data[i] & 0xf]);
            }
        }
        if (shown < data.length) {
            text.append("...(").append(data.length).append(" bytes)");
        }
        return text.toString();
    }

    private static boolean isPrintableAscii(byte[] data, int length) {
        for (int i = 0; i < length; i++) {
            if (data[i] < 0x20 || data[i] > 0x7e || data[i] == '"') {
                return false;
            }
        }
        return true;
    }
}
