package dev.zksim.recipes.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.Stat;
import dev.zksim.recipes.config.ConfigDecision.AfterRead;
import dev.zksim.recipes.config.ConfigDecision.OnReady;
import org.junit.jupiter.api.Test;

class ConfigDecisionTest {

    @Test
    void readsStartOnlyWhileReadyExistsAndAreNamedByItsCzxid() {
        assertThat(ConfigDecision.onReady(null)).isEqualTo(new OnReady.WaitForReady());
        Stat ready = new Stat(42, 42, 0, 0, 0, 0, 0, 0, 0, 0, 42);
        assertThat(ConfigDecision.onReady(ready)).isEqualTo(new OnReady.ReadAll(42));
    }

    @Test
    void aRoundDuringWhichTheWatchFiredIsDiscardedWhateverItRead() {
        for (long start = 0; start < 3; start++) {
            for (long now = start; now < start + 3; now++) {
                for (long version = 1; version < 3; version++) {
                    for (long last = 0; last < 3; last++) {
                        AfterRead expected = now != start ? new AfterRead.Discard()
                                : version == last ? new AfterRead.Unchanged() : new AfterRead.Use(version);
                        assertThat(ConfigDecision.afterRead(start, now, version, last)).isEqualTo(expected);
                    }
                }
            }
        }
    }
}
