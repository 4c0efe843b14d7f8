package dev.zksim.recipes.priorityqueue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PriorityOrderTest {
    private final PriorityOrder order = new PriorityOrder();

    @Test
    void ordersByPriorityThenByCounter() {
        List<String> children = List.of("queue-05-0000000001", "queue-01-0000000009", "queue-05-0000000000",
                "queue-99-0000000002", "queue-01-0000000003");
        assertThat(order.order(children)).containsExactly("queue-01-0000000003", "queue-01-0000000009",
                "queue-05-0000000000", "queue-05-0000000001", "queue-99-0000000002");
    }

    @Test
    void ignoresMalformedNames() {
        List<String> children = List.of("queue-0000000001", "queue-x1-0000000002", "queue-123-0000000003",
                "other-01-0000000004", "queue-01-", "queue-07-0000000005");
        assertThat(order.order(children)).containsExactly("queue-07-0000000005");
    }

    @Test
    void prefixesRoundTripForEveryPriority() {
        for (int priority = PriorityOrder.HIGHEST; priority <= PriorityOrder.LOWEST; priority++) {
            String name = PriorityOrder.prefixFor(priority) + "0000000042";
            assertThat(PriorityOrder.parse(name)).contains(new PriorityOrder.Entry(name, priority, 42));
        }
        assertThatThrownBy(() -> PriorityOrder.prefixFor(100)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PriorityOrder.prefixFor(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(order.dropCacheOnChange()).isTrue();
    }
}
