package dev.zksim.kernel.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** LongMap must behave as the LinkedHashMap it replaces, order of iteration included. */
class LongMapTest {

    @Test
    void randomOperationsAgreeWithALinkedHashMapInValuesAndOrder() {
        // Few distinct keys so that puts hit existing keys and removes hit present ones;
        // keys share their low bits so that probe runs collide and removals shift them.
        SplittableRandom random = new SplittableRandom(28);
        LongMap<String> map = new LongMap<>();
        Map<Long, String> expected = new LinkedHashMap<>();
        for (int step = 0; step < 200_000; step++) {
            long key = (random.nextLong(64) << 56) | 0x42;
            String value = "v" + step;
            switch (random.nextInt(5)) {
                case 0, 1 -> assertThat(map.put(key, value)).isEqualTo(expected.put(key, value));
                case 2 -> assertThat(map.remove(key)).isEqualTo(expected.remove(key));
                case 3 -> assertThat(map.computeIfAbsent(key, k -> value)).isEqualTo(expected.computeIfAbsent(key, k -> value));
                default -> assertThat(map.get(key)).isEqualTo(expected.get(key));
            }
            assertThat(map.containsKey(key)).isEqualTo(expected.containsKey(key));
            assertThat(map.size()).isEqualTo(expected.size());
            if (step % 1000 == 0) {
                assertThat(entries(map)).isEqualTo(new ArrayList<>(expected.entrySet()).toString());
            }
        }
        assertThat(entries(map)).isEqualTo(new ArrayList<>(expected.entrySet()).toString());
    }

    @Test
    void aKeyPutAgainKeepsItsPlaceAndOneRemovedAndPutAgainGoesLast() {
        LongMap<String> map = new LongMap<>();
        map.put(3, "a");
        map.put(1, "b");
        map.put(2, "c");
        map.put(3, "d");
        assertThat(map.keys()).containsExactly(3, 1, 2);
        map.remove(3);
        map.put(3, "e");
        assertThat(map.keys()).containsExactly(1, 2, 3);
        assertThat(entries(map)).isEqualTo("[1=b, 2=c, 3=e]");
    }

    @Test
    void growsPastManyKeysAndEmptiesCompletely() {
        LongMap<Long> map = new LongMap<>();
        for (long key = 0; key < 10_000; key++) {
            map.put(key * 1_000_003L, key);
        }
        assertThat(map.size()).isEqualTo(10_000);
        assertThat(map.get(9_999 * 1_000_003L)).isEqualTo(9_999L);
        for (long key = 0; key < 10_000; key++) {
            assertThat(map.remove(key * 1_000_003L)).isEqualTo(key);
        }
        assertThat(map.isEmpty()).isTrue();
        assertThat(map.get(0)).isNull();
        map.put(7, 7L);
        map.clear();
        assertThat(map.keys()).isEmpty();
        assertThat(map.containsKey(7)).isFalse();
    }

    @Test
    void refusesNullValues() {
        assertThatThrownBy(() -> new LongMap<String>().put(1, null)).isInstanceOf(NullPointerException.class);
    }

    private static String entries(LongMap<String> map) {
        List<String> entries = new ArrayList<>();
        map.forEach((key, value) -> entries.add(key + "=" + value));
        return entries.toString();
    }
}
