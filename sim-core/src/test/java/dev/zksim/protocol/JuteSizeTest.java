package dev.zksim.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class JuteSizeTest {

    @Test
    void aStringCostsItsLengthFieldAndItsUtf8BytesCountedAsTheEncoderWouldWriteThem() {
        List<String> texts = List.of("", "/a/b-0000000001", "é", "ß/\u07ff", "\u0800", "\u20ac€", "\uffff",
                "\ud83d\ude00", "a\ud83d\ude00b", "\ud83d", "x\ude00y", "\ude00\ud83d", "\ud83d\ud83d\ude00");
        for (String text : texts) {
            int expected = text.getBytes(StandardCharsets.UTF_8).length;
            assertThat(JuteSize.utf8Length(text)).as("%s", text).isEqualTo(expected);
            assertThat(JuteSize.string(text)).isEqualTo(4 + expected);
        }
        assertThat(JuteSize.string(null)).isEqualTo(4);
        assertThat(JuteSize.strings(List.of("ab", "é"))).isEqualTo(4 + 6 + 6);
    }
}
