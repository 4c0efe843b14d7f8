package dev.zksim.property;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The last failing seed of a property, kept between test runs so that the next run tries it
 * first: one small text file per property method, {@code target/zksim-failures/CLASS.METHOD}
 * by default, one line per failing scenario, {@code SCENARIO SEED LINE} (the seed in decimal,
 * the shrunk reproduce line for people), sorted by scenario. A scenario that passes again
 * loses its line, and a file left without lines is deleted. The file is rewritten whole
 * through a temporary file, so a run cut short never leaves half a line.
 */
public final class FailureStore {
    /** A store that remembers nothing: properties run outside JUnit, and canaries. */
    public static final FailureStore NONE = new FailureStore(null);

    private final Path file;

    /** A store in the file {@code file}; null for {@link #NONE}. */
    public FailureStore(Path file) {
        this.file = file;
    }

    /** The store of one property method under {@code directory}. */
    public static FailureStore of(Path directory, String className, String methodName) {
        return new FailureStore(directory.resolve(className + "." + methodName));
    }

    /** The file this store keeps, if any. */
    public Path file() {
        return file;
    }

    /** The seed that last failed {@code scenario}, if the store holds one. */
    public OptionalLong lastFailingSeed(String scenario) {
        String entry = read().get(scenario);
        if (entry == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseUnsignedLong(entry.split(" ", 2)[0]));
        } catch (NumberFormatException unreadable) {
            // A hand-edited or damaged line is no seed; the property runs its seeds as usual.
            return OptionalLong.empty();
        }
    }

    /** Keeps {@code seed} as the last failing seed of {@code scenario}, with its reproduce line. */
    public void remember(String scenario, long seed, String line) {
        if (file != null) {
            Map<String, String> entries = read();
            entries.put(scenario, Long.toUnsignedString(seed) + " " + line);
            write(entries);
        }
    }

    /** Forgets the failing seed of {@code scenario}: it passes again. */
    public void forget(String scenario) {
        if (file != null) {
            Map<String, String> entries = read();
            if (entries.remove(scenario) != null) {
                write(entries);
            }
        }
    }

    private Map<String, String> read() {
        Map<String, String> entries = new TreeMap<>();
        if (file == null || !Files.isRegularFile(file)) {
            return entries;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] parts = line.strip().split(" ", 2);
                if (parts.length == 2) {
                    entries.put(parts[0], parts[1]);
                }
            }
            return entries;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the failure store " + file, e);
        }
    }

    private void write(Map<String, String> entries) {
        try {
            if (entries.isEmpty()) {
                Files.deleteIfExists(file);
                return;
            }
            List<String> lines = new ArrayList<>();
            entries.forEach((scenario, rest) -> lines.add(scenario + " " + rest));
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            Files.write(partial, lines, StandardCharsets.UTF_8);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the failure store " + file, e);
        }
    }
}
