package dev.zksim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.choice.SeededChoices;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A getChildren order is shuffled on an array for speed: it must draw exactly what
 * {@code Choices.shuffle} draws on the same stream, or every digest with a listing changes.
 */
class UnspecifiedOrdersDrawsTest {

    @Test
    void childrenAreShuffledAsChoicesShuffleWouldOnTheSameStream() {
        for (int size = 2; size <= 40; size += 7) {
            List<String> sorted = IntStream.range(0, size).mapToObj(i -> String.format("c%03d", i)).toList();
            for (long seed = 1; seed <= 20; seed++) {
                UnspecifiedOrders orders = new UnspecifiedOrders(new SeededChoices(seed), true);
                List<String> expected = new SeededChoices(seed).stream("children-order").shuffle(sorted);

                assertThat(orders.children(sorted)).as("size %d seed %d", size, seed).isEqualTo(expected);
            }
        }
    }

    @Test
    void theShuffledChildrenAreImmutable() {
        UnspecifiedOrders orders = new UnspecifiedOrders(new SeededChoices(7), true);

        List<String> listed = orders.children(List.of("a", "b", "c"));

        assertThat(listed).containsExactlyInAnyOrder("a", "b", "c");
        assertThatThrownBy(() -> listed.add("d")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(List.copyOf(listed)).isSameAs(listed);
    }
}
