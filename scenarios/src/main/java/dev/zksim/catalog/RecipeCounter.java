package dev.zksim.catalog;

import dev.zksim.recipes.counter.VersionedCounter;
import dev.zksim.testkit.CounterUnderTest;
import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;

/** zksim's counter as {@link CounterUnderTest}: versioned writes on /counter, never repeated blindly. */
public final class RecipeCounter {
    /** The counter at /counter. */
    public static final CounterUnderTest.Factory VERSIONED = client -> {
        VersionedCounter counter = new VersionedCounter(client.zk(), "/counter");
        return new CounterUnderTest() {
            @Override
            public CompletionStage<OptionalLong> increment() {
                return counter.increment().thenApply(OptionalLong::of);
            }

            @Override
            public CompletionStage<Long> read() {
                return counter.read();
            }
        };
    };

    private RecipeCounter() {
    }
}
