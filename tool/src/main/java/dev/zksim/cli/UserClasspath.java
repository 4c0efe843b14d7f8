package dev.zksim.cli;

import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.Catalogs;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The class path the user names with {@code --classpath} or {@code ZKSIM_CLASSPATH}, and the
 * scenario catalogue found on it together with zksim's own. Entries are separated by the
 * platform's path separator; each is a directory of classes, a jar, or a directory ending in
 * {@code /*} that stands for every jar in it. A relative entry is relative to the folder the
 * command was run from. An entry that names nothing a class could be loaded from (a missing
 * path, a file that is not a jar, an empty jar, a wildcard that matches no jar, an empty
 * class path) is a one-line error: the JVM would skip it silently, and the user would then
 * wonder why their scenarios are not found.
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
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("the class path '" + classpath + "' names no folder or jar (entries are"
                    + " separated by '" + File.pathSeparator + "', e.g. target/classes" + File.pathSeparator
                    + "target/test-classes)");
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
        // Absolute, so that a second JVM finds the same classes wherever it is started.
        entries = String.join(File.pathSeparator, urls.stream().map(UserClasspath::pathOf).toList());
    }

    private static List<URL> urls(String entry) {
        boolean wildcard = entry.endsWith("/*") || entry.equals("*");
        if (!wildcard && entry.contains("*")) {
            throw new IllegalArgumentException("class path entry '" + entry + "': the only wildcard is DIR/* (every jar"
                    + " in DIR)");
        }
        String named = wildcard ? entry.substring(0, entry.length() - 1) : entry;
        Path path = Path.of(named.isEmpty() ? "." : named).toAbsolutePath().normalize();
        if (!Files.exists(path)) {
            throw new IllegalArgumentException("class path entry '" + entry + "' does not exist (looked for " + path + ")");
        }
        if (!wildcard) {
            return List.of(url(checked(entry, path)));
        }
        if (!Files.isDirectory(path)) {
            throw new IllegalArgumentException("class path entry '" + entry + "': " + path + " is not a folder");
        }
        List<Path> jars = jarsIn(entry, path);
        if (jars.isEmpty()) {
            throw new IllegalArgumentException("class path entry '" + entry + "' matches no jar in " + path);
        }
        return jars.stream().map(jar -> url(checked(entry, jar))).toList();
    }

    private static List<Path> jarsIn(String entry, Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list class path entry '" + entry + "': " + e.getMessage());
        }
    }

    /** A folder, or a readable jar with something in it; anything else is a one-line error naming the entry. */
    private static Path checked(String entry, Path path) {
        if (Files.isDirectory(path)) {
            return path;
        }
        String name = path.getFileName().toString();
        if (!name.endsWith(".jar") && !name.endsWith(".zip")) {
            throw new IllegalArgumentException("class path entry '" + entry + "' is neither a folder nor a jar (" + path
                    + ")");
        }
        try (JarFile jar = new JarFile(path.toFile())) {
            if (jar.size() == 0) {
                throw new IllegalArgumentException("class path entry '" + entry + "' is an empty jar (" + path + ")");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("class path entry '" + entry + "' is not a readable jar (" + path + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
        return path;
    }

    private static String pathOf(URL url) {
        try {
            return Path.of(url.toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("class path entry '" + url + "' is not a valid location");
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
