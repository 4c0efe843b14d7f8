package dev.zksim.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The client's packet-limit test: the quick bound never changes its answer, only its cost. */
class ReplySizeTest {

    private static ServerPacket.Reply listing(String... children) {
        return new ServerPacket.Reply(1, 7, 0, new Response.ChildrenResponse(List.of(children), null));
    }

    @Test
    void aListingIsItsHeaderItsCountAndEachNameWithItsLength() {
        // 16 (header) + 4 (count) + (4 + 3) + (4 + 2): "é" is two UTF-8 bytes.
        assertThat(ReplySize.of(listing("abc", "é"))).isEqualTo(16 + 4 + 7 + 6);
    }

    @Test
    void exceedsAgreesWithTheExactLengthOnEitherSideOfTheLimit() {
        ServerPacket.Reply reply = listing("abcdefghij", "klmnopqrst");
        int exact = ReplySize.of(reply);
        assertThat(exact).isEqualTo(16 + 4 + 14 + 14);
        // Between the exact length and the three-bytes-a-character bound: only the exact count can say no.
        assertThat(ReplySize.exceeds(reply, exact)).isFalse();
        assertThat(ReplySize.exceeds(reply, exact + 10)).isFalse();
        assertThat(ReplySize.exceeds(reply, exact - 1)).isTrue();
        assertThat(ReplySize.exceeds(listing("\u20ac\u20ac"), ReplySize.of(listing("\u20ac\u20ac")) - 1)).isTrue();
        assertThat(ReplySize.exceeds(new ServerPacket.Reply(1, 7, 0, null), 15)).isTrue();
        assertThat(ReplySize.exceeds(new ServerPacket.Reply(1, 7, 0, null), 16)).isFalse();
    }
}
