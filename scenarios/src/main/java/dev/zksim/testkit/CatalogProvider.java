package dev.zksim.testkit;

import dev.zksim.scenario.ScenarioCatalog;

/**
 * How the command line finds a user's scenarios: a catalogue provider is listed in the
 * user's {@code META-INF/services/dev.zksim.testkit.CatalogProvider} and found with
 * {@link java.util.ServiceLoader} on the class path given to {@code ./zksim --classpath}
 * (or {@code ZKSIM_CLASSPATH}). Then {@code run}, {@code replay}, {@code shrink}, {@code 4lw},
 * {@code check-determinism} and {@code replay --html} work on its scenarios exactly as on
 * zksim's own.
 *
 * <pre>{@code
 * public final class AcmeScenarios implements CatalogProvider {
 *     public ScenarioCatalog catalog() {
 *         return new ScenarioCatalog("acme").add(Testkit.lock("acme-lock", AcmeLock::new).build());
 *     }
 * }
 * }</pre>
 *
 * The catalogue's name is written into every reproduce line of its scenarios, so it must
 * stay the same across versions of the user's code; scenario ids must be unique across all
 * catalogues on the class path.
 */
public interface CatalogProvider {

    /** The catalogue; called once per command, so it may build its scenarios on each call. */
    ScenarioCatalog catalog();
}
