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
 * line that reproduces it.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Test
@ExtendWith(SeedsResolver.class)
public @interface SimulationProperty {
    /** Seeds to run when zksim.seeds is not set. */
    int seeds() default 20;
}
