package dev.zksim.protocol;

import java.util.List;

/**
 * How many bytes jute, ZooKeeper's wire format, spends on a string, a byte buffer and a list
 * of strings: a 4-byte length followed by the contents. Requests and replies are sized with the
 * same rules, so the server's request limit and the client's reply limit agree with ZooKeeper's.
 */
final class JuteSize {

    private JuteSize() {
    }

    static int string(String text) {
        return 4 + (text == null ? 0 : utf8Length(text));
    }

    /** The string's framed size, or with {@code exact} false a bound no smaller: three bytes a character. */
    static int string(String text, boolean exact) {
        if (exact) {
            return string(text);
        }
        return 4 + (text == null ? 0 : 3 * text.length());
    }

    /**
     * The length of the string's UTF-8 encoding, as {@code getBytes(UTF_8).length} gives it
     * (an unpaired surrogate becomes one '?'), counted without encoding: every request and
     * reply is sized, and encoding its paths to count them was a twentieth of a sweep's
     * allocation.
     */
    static int utf8Length(String text) {
        int length = text.length();
        int bytes = 0;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += Character.isSurrogate(c) ? 1 : 3;
            }
        }
        return bytes;
    }

    static int buffer(byte[] data) {
        return 4 + (data == null ? 0 : data.length);
    }

    static int strings(List<String> texts) {
        return strings(texts, true);
    }

    /**
     * Walks the list by index (the protocol's lists are immutable copies, all random access):
     * every listing a client reads is sized, and an iterator was made for each.
     */
    static int strings(List<String> texts, boolean exact) {
        int size = 4;
        for (int i = 0; i < texts.size(); i++) {
            size += string(texts.get(i), exact);
        }
        return size;
    }
}
