package dev.zksim.kernel;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Exempts one class or method from the build's ban on nondeterministic calls
 * (DESIGN section 5). Only code outside any simulation may carry it (the sweep runner's
 * worker pool, the command line), or code that proves the banned call cannot change a
 * result: {@code ExponentialTail} keeps an intrinsic logarithm only where StrictMath's
 * would give the same whole number. The {@link #value()} says why.
 */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface SuppressForbidden {
    /** Why this place may read the wall clock, start threads or the like. */
    String value();
}
