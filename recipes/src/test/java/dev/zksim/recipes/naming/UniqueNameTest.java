package dev.zksim.recipes.naming;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UniqueNameTest {
    @Test
    void theCounterIsTheName() {
        assertThat(UniqueName.parse("/names/c1.0-name-0000000017")).contains(new UniqueName("/names/c1.0-name-0000000017", 17));
        assertThat(UniqueName.parse("/names/plain")).isEmpty();
        assertThat(UniqueName.parse("/names/x-00000001")).isEmpty();
    }
}
