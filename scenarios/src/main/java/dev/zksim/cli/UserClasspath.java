package dev.zksim.cli;

import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.Catalogs;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The class path the user names with {@code --classpath} or {@code ZKSIM_CLASSPATH}, and the
 * scenario catalogue found on it together with zksim's own. Entries are separated by the
 * platform's path separator; each is a directory of classes, a jar, or a directory ending in
 * {@code /*} that stands for every jar in it. A missing entry is a one-line error.
 */
final class UserClasspath {
    private static ClassLoader loader = UserClasspath.class.getClassLoader();
    private static ScenarioCatalog catalog;
    private static String entries;

    private UserClasspath() {
    }

    /** Forgets any class path set before: each command-line run starts from zksim's own. */
    static void reset() {
        loader = UserClasspath.class.getClassLoader();
        catalog = null;
        entries = null;
    }

    /** The class path named for this run, if any: what a second JVM must be given too. */
    static java.util.Optional<String> entries() {
        return java.util.Optional.ofNullable(entries);
    }

    /** Adds the entries to the class path the catalogues are discovered on. */
    static void use(String classpath) {
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                urls.addAll(urls(entry.trim()));
            }
        }
        // The launcher names zksim's own jars that a user's scenarios may need (the official
        // client's drop-in and testkit, the agent's bridge) here rather than on zksim's class
        // path, so that they load beside the user's classes and see the user's Curator.
        for (String extra : System.getProperty("zksim.user.extras", "").split(File.pathSeparator)) {
            if (!extra.isBlank() && Files.exists(Path.of(extra))) {
                urls.add(url(Path.of(extra)));
            }
        }
        loader = new URLClassLoader(urls.toArray(URL[]::new), UserClasspath.class.getClassLoader());
        catalog = null;
        entries = classpath;
    }

    private static List<URL> urls(String entry) {
        boolean wildcard = entry.endsWith("/*") || entry.equals("*");
        Path path = Path.of(wildcard ? entry.substring(0, Math.max(0, entry.length() - 2)) : entry);
        if (!Files.exists(path)) {
            throw new IllegalArgumentException("class path entry '" + entry + "' does not exist");
        }
        if (!wildcard) {
            return List.of(url(path));
        }
        try (Stream<Path> files = Files.list(path)) {
            return files.filter(file -> file.toString().endsWith(".jar")).sorted().map(UserClasspath::url).toList();
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot list class path entry '" + entry + "': " + e.getMessage());
        }
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("class path entry '" + path + "' is not a valid location");
        }
    }

    /** Every catalogue on the class path, zksim's own included, discovered once per run. */
    static ScenarioCatalog catalog() {
        if (catalog == null) {
            catalog = Catalogs.discover(loader);
        }
        return catalog;
    }
}
