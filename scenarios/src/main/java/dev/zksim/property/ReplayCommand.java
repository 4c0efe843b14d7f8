package dev.zksim.property;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The command a report prints to replay a reproduce line: {@code ./zksim replay LINE}, or, for
 * a line too long to paste into a terminal or to pass as one argument, {@code ./zksim replay
 * @FILE}, with the line written to FILE. A shrunk line carries every choice its run drew, and a
 * run that shrinks little (hours of simulated time, tens of thousands of choices) has a line of
 * hundreds of kilobytes, which Linux refuses as one argument ("Argument list too long") and
 * Windows' command line cannot hold; the launcher reads {@code @FILE} as the line it holds.
 *
 * <p>The files go to {@code zksim.lines.dir} ({@code target/zksim-lines} unless set; the
 * launcher sets {@code results/lines}), and the command names them by absolute path, so that it
 * works from wherever {@code ./zksim} is run. If the file cannot be written, the command keeps
 * the line itself: a long line is better than none.
 */
public final class ReplayCommand {
    /** The longest line printed in the command itself: what any terminal and shell takes whole. */
    public static final int LONGEST_INLINE = 4_096;

    private ReplayCommand() {
    }

    /** The command that replays {@code line}, writing the line to a file first if it is too long to print. */
    public static String of(String line) {
        if (line.length() <= LONGEST_INLINE) {
            return "./zksim replay " + line;
        }
        try {
            return "./zksim replay @" + write(line);
        } catch (IOException | RuntimeException unwritable) {
            return "./zksim replay " + line;
        }
    }

    private static Path write(String line) throws IOException {
        Path file = directory().resolve(fileName(line)).toAbsolutePath().normalize();
        Files.createDirectories(file.getParent());
        Files.writeString(file, line + System.lineSeparator(), StandardCharsets.UTF_8);
        return file;
    }

    private static Path directory() {
        return Path.of(System.getProperty("zksim.lines.dir", "target/zksim-lines"));
    }

    /**
     * SCENARIO-SEED-CHECK.line from the line's fields: the scenario (a catalogue's prefix and
     * slash made a dash), the hex seed and the checksum, which differs between any two lines.
     */
    static String fileName(String line) {
        String[] fields = line.split(":");
        String scenario = fields.length > 1 ? fields[1].replaceAll("[^A-Za-z0-9._-]", "-") : "line";
        String seed = fields.length > 2 ? fields[2] : "0";
        String check = fields[fields.length - 1].replaceAll("[^A-Za-z0-9]", "");
        return scenario + "-" + seed + "-" + check + ".line";
    }
}
