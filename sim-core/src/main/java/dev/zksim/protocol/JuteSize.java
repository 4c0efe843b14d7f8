package dev.zksim.protocol;

import java.nio.charset.StandardCharsets;
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
        return 4 + (text == null ? 0 : text.getBytes(StandardCharsets.UTF_8).length);
    }

    static int buffer(byte[] data) {
        return 4 + (data == null ? 0 : data.length);
    }

    static int strings(List<String> texts) {
        int size = 4;
        for (String text : texts) {
            size += string(text);
        }
        return size;
    }
}
