package dev.zksim.report.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Debian's chromium driven from the command line, headless: dump the DOM a page renders to,
 * or take a screenshot, with the browser's log captured so a test can demand that the page
 * logged nothing. Each run gets a fresh profile directory and every network feature that
 * could phone home is switched off; the pages are local files.
 */
public final class HeadlessBrowser {
    /** Where the project's install script lives, relative to the reports module. */
    public static final Path ENSURE_SCRIPT = Path.of("src/test/scripts/ensure-chromium.sh");
    private static final long INSTALL_SECONDS = 300;
    private static final long RUN_SECONDS = 60;

    private final Path binary;

    private HeadlessBrowser(Path binary) {
        this.binary = binary;
    }

    /** What one browser run left behind: its output (the DOM for --dump-dom) and its log. */
    public record Run(String stdout, String log, int exitCode) {
        /** Log lines that report a console message or an uncaught error: our pages must log nothing at all. */
        public List<String> consoleLines() {
            return log.lines().filter(line -> line.contains(":CONSOLE") || line.contains("Uncaught")).toList();
        }
    }

    /** The outcome of looking for (and if need be installing) a browser. */
    public record Availability(Optional<HeadlessBrowser> browser, String report) {
    }

    /** Runs the project's script, which installs chromium with apt-get when it is missing and we are root. */
    public static Availability ensure() throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("ensure-chromium");
        try {
            Path out = work.resolve("out");
            Path err = work.resolve("err");
            Process process = new ProcessBuilder("bash", ENSURE_SCRIPT.toString())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(INSTALL_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                return new Availability(Optional.empty(), "ensure-chromium.sh did not finish in " + INSTALL_SECONDS + " s");
            }
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            String report = Files.readString(err, StandardCharsets.UTF_8).trim();
            if (process.exitValue() != 0 || lines.isEmpty()) {
                return new Availability(Optional.empty(), "ensure-chromium.sh exited " + process.exitValue() + ": " + report);
            }
            Path binary = Path.of(lines.getLast().trim());
            return new Availability(Optional.of(new HeadlessBrowser(binary)), "using " + binary + (report.isEmpty() ? "" : " (" + report + ")"));
        } finally {
            deleteTree(work);
        }
    }

    /**
     * The DOM after loading the page, as --dump-dom prints it. Chromium serialises the DOM
     * and takes screenshots with script, so both run with scripts on; pages that must read
     * without script are checked to contain none.
     */
    public Run dumpDom(Path page) throws IOException, InterruptedException {
        return run(page, List.of("--dump-dom"));
    }

    /** A PNG of the page's first screen at the given window size. */
    public Run screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
        Files.deleteIfExists(png);
        return run(page, List.of("--hide-scrollbars", "--window-size=" + width + "," + height,
                "--screenshot=" + png.toAbsolutePath()));
    }

    private Run run(Path page, List<String> extra) throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("chromium-run");
        try {
            List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--disable-extensions", "--user-data-dir=" + work.resolve("profile"),
                    "--enable-logging=stderr", "--v=0"));
            command.addAll(extra);
            command.add(page.toAbsolutePath().toUri().toString());
            Path out = work.resolve("out");
            Path err = work.resolve("err");
            Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(RUN_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IOException("chromium did not finish within " + RUN_SECONDS + " s: " + command);
            }
            return new Run(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8),
                    process.exitValue());
        } finally {
            deleteTree(work);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
