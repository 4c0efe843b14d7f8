package dev.zksim.report.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A folder of report files with stable names: a report called "herd" is always herd.html,
 * herd.csv and herd.json, so scripts and people find the same file after every run.
 * Files are written whole as UTF-8 and replace what was there.
 */
public record ResultsFolder(Path directory) {

    /** Writes one file and returns its path. */
    public Path write(String fileName, String content) {
        if (fileName.contains("/") || fileName.contains("\\") || fileName.startsWith(".")) {
            throw new IllegalArgumentException("not a plain file name: " + fileName);
        }
        return writeTo(directory.resolve(fileName), content);
    }

    /** Writes name.csv and name.json with the same numbers; returns the CSV's path. */
    public Path writeTable(String name, Table table) {
        write(name + ".json", table.toJson());
        return write(name + ".csv", table.toCsv());
    }

    /**
     * Writes a whole report: name.html with the page, name.csv and name.json with the
     * numbers behind it. Returns the page's path, which commands print.
     */
    public Path writeReport(String name, String html, Table numbers) {
        writeTable(name, numbers);
        return write(name + ".html", html);
    }

    /** Writes content to any path, creating its parent folders first. */
    public static Path writeTo(Path file, String content) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, content, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
