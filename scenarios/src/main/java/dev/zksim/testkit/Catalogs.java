package dev.zksim.testkit;

import dev.zksim.scenario.ScenarioCatalog;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Finds every {@link CatalogProvider} on a class path and merges their catalogues into one,
 * zksim's own first. Problems a user can fix (a provider class that fails to load or to build
 * its catalogue, two catalogues with the same name or the same scenario id) are one-line
 * {@link IllegalArgumentException}s.
 */
public final class Catalogs {

    private Catalogs() {
    }

    /** Every catalogue the class loader can see, merged. */
    public static ScenarioCatalog discover(ClassLoader loader) {
        List<ScenarioCatalog> found = new ArrayList<>();
        try {
            for (CatalogProvider provider : ServiceLoader.load(CatalogProvider.class, loader)) {
                found.add(build(provider));
            }
        } catch (ServiceConfigurationError error) {
            throw new IllegalArgumentException("a scenario catalogue failed to load: " + oneLine(error));
        } catch (LinkageError error) {
            // A provider whose class needs a library missing from the class path (Curator, say)
            // fails while the loader looks it up, before it can be named any other way.
            throw new IllegalArgumentException("a scenario catalogue needs a class that is not on the class path: "
                    + oneLine(error) + " (add the library's jars to --classpath)");
        }
        // zksim's own catalogue first, then the others by name: the order of `./zksim list`.
        found.sort(Comparator.comparing((ScenarioCatalog c) -> !c.name().equals(ScenarioCatalog.BUILT_IN))
                .thenComparing(ScenarioCatalog::name));
        ScenarioCatalog merged = new ScenarioCatalog(ScenarioCatalog.BUILT_IN);
        List<String> names = new ArrayList<>();
        for (ScenarioCatalog catalog : found) {
            if (names.contains(catalog.name())) {
                throw new IllegalArgumentException("two scenario catalogues on the class path are both named '"
                        + catalog.name() + "'");
            }
            names.add(catalog.name());
            merged.addAll(catalog);
        }
        return merged;
    }

    private static ScenarioCatalog build(CatalogProvider provider) {
        try {
            return provider.catalog();
        } catch (RuntimeException | LinkageError error) {
            throw new IllegalArgumentException("scenario catalogue " + provider.getClass().getName()
                    + " failed to build: " + oneLine(error));
        }
    }

    private static String oneLine(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root == error ? String.valueOf(error.getMessage()) : error.getMessage() + " (" + root + ")";
        return text.replace('\n', ' ');
    }
}
