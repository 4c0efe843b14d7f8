package dev.zksim.property;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a JUnit 5 test method as a simulation property. The method takes a {@link Seeds}
 * parameter and calls {@link Seeds#check} with its scenario; the number of seeds and the
 * first seed come from the system properties {@code zksim.seeds} and {@code zksim.seed}
 * (defaults: {@link #seeds()} and 0). A failure fails the test with the shrunk case and the
 * line that reproduces it. Long runs can sample the determinism check ({@link #determinismEvery}),
 * stop at a time budget ({@link #seconds}) and run several seeds at once ({@link #threads}).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Test
@ExtendWith(SeedsResolver.class)
public @interface SimulationProperty {
    /** Seeds to run when zksim.seeds is not set. */
    int seeds() default 20;

    /**
     * Every k-th seed runs twice and must give the same digest (zksim.determinismEvery
     * overrides it); 1, the default, checks every seed.
     */
    int determinismEvery() default 1;

    /** Stop starting seeds after this many seconds of wall time (zksim.for overrides it); 0 for no budget. */
    long seconds() default 0;

    /**
     * How many seeds run at once, each simulation on its own thread (zksim.threads overrides
     * it); 0 for one per core. A failure is reported exactly as with one thread: the lowest
     * failing seed, shrunk. More than one suits code under test that keeps no mutable static
     * state, which simulations running at once would share.
     */
    int threads() default 1;
}
