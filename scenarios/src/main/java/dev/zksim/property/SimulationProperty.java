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
 * (defaults: {@link #seeds()} and 0). Long runs can sample the determinism check
 * ({@link #determinismEvery}), stop at a time budget ({@link #seconds}) and run several seeds
 * at once ({@link #threads}); each seed is bounded in wall time as on the command line
 * ({@link #maxWallSeconds}).
 *
 * <p>What a property does besides running its seeds, as jqwik users expect of a property:
 * <ul>
 *   <li>its {@link #regressions} (reproduce lines of earlier failures) run first, and must pass;
 *   <li>the seed that failed last time runs next: it is kept in
 *       {@code target/zksim-failures/CLASS.METHOD} ({@link FailureStore}), and forgotten once the
 *       property passes again;
 *   <li>a failure fails the test with the shrunk case first, its reproduce line on the first line
 *       of the message, then the original failing run and its line;
 *   <li>every run publishes JUnit report entries ({@code zksim.seeds}, {@code zksim.time},
 *       {@code zksim.goals}, {@code zksim.faults}), shown by IDEs and written to surefire's XML.
 * </ul>
 * For example:
 * <pre>{@code
 * @SimulationProperty(seeds = 500, regressions = {"zksim4:acme/acme-lock:0:eNpL...:eNpj...:5d0c4a1b2e3f6a7b"})
 * void theLockIsSafeAndLive(Seeds seeds) {
 *     seeds.check(new AcmeScenarios().catalog(), "acme-lock");
 * }
 * }</pre>
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Test
@ExtendWith(SimulationPropertyExtension.class)
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

    /**
     * Reproduce lines ({@code zksim4:...}) of earlier failures, replayed before any seed: each
     * run must now pass. The lines' digests are not compared, since the code under test changed.
     */
    String[] regressions() default {};

    /**
     * The wall-clock bound of one seed in seconds (zksim.maxWall overrides it), the same default
     * as the command line's {@code --max-wall}; a seed past it fails the property as a runaway
     * with its reproduce line. 0 for no bound.
     */
    long maxWallSeconds() default Seeds.DEFAULT_SEED_WALL_SECONDS;
}
