package dev.zksim.kernel.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TraceHashTest {

    private static String hashOf(String... records) {
        TraceHash hash = new TraceHash();
        for (String record : records) {
            byte[] bytes = record.getBytes(StandardCharsets.ISO_8859_1);
            hash.update(bytes, bytes.length);
        }
        return hash.hex();
    }

    /**
     * Pinned: a reproduce line carries this hash, so a change to it must come with a new
     * line version (ReproLine), never silently.
     */
    @Test
    void theHashOfAFixedStreamIsPinned() {
        assertThat(hashOf()).isEqualTo(hashOf()).hasSize(32);
        assertThat(hashOf("zksim", "trace hash, pinned")).isEqualTo(PINNED);
    }

    private static final String PINNED = "80ff25bc5cd68fed3b49c6b4b01934db";

    /**
     * Records of every length from 0 to 40 in a row, so that each starts with a word waiting
     * for its partner as often as without, and ends on every remainder of a word and of a
     * block: pinned with the hash as it took one word at a time, before it took blocks.
     */
    @Test
    void recordsOfEveryLengthAndAlignmentArePinned() {
        TraceHash hash = new TraceHash();
        for (int length = 0; length <= 40; length++) {
            byte[] bytes = new byte[length + 3];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) (length * 31 + i * 7);
            }
            hash.update(bytes, length);
        }
        assertThat(hash.hex()).isEqualTo("aa9bb6c6b42cf1a091d47853730533c5");
    }

    @Test
    void everyByteEveryLengthAndEveryRecordBoundaryCounts() {
        Set<String> hashes = new LinkedHashSet<>();
        String base = "0123456789abcdefghijklmnopq";
        List<String> variants = new ArrayList<>();
        for (int i = 0; i < base.length(); i++) {
            variants.add(base.substring(0, i) + (char) (base.charAt(i) ^ 1) + base.substring(i + 1));
            variants.add(base.substring(0, i));
        }
        for (String variant : variants) {
            hashes.add(hashOf(variant));
        }
        hashes.add(hashOf(base));
        hashes.add(hashOf("ab\0"));
        hashes.add(hashOf("ab"));
        hashes.add(hashOf("a", "b"));
        hashes.add(hashOf("b", "a"));
        hashes.add(hashOf("ab", ""));
        assertThat(hashes).hasSize(variants.size() + 6);
    }

    @Test
    void aCopyGoesOnApart() {
        TraceHash hash = new TraceHash();
        hash.update(new byte[] {1, 2, 3}, 3);
        TraceHash copy = hash.copy();
        String before = hash.hex();
        copy.update(new byte[] {4}, 1);
        assertThat(hash.hex()).isEqualTo(before);
        assertThat(copy.hex()).isNotEqualTo(before);
        hash.update(new byte[] {4}, 1);
        assertThat(hash.hex()).isEqualTo(copy.hex());
    }
}
