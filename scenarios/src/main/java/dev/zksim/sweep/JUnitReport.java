package dev.zksim.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A JUnit XML report of sweeps, for CI systems that display test results: one test suite
 * per scenario, one failed test case per finding (its message is the reproduce command),
 * one passing case for the seeds that passed and one skipped case for skipped seeds. A
 * million passing seeds are one test case, not a million.
 */
public final class JUnitReport {
    private JUnitReport() {
    }

    /** Fails now, with one line naming the path, if the report could not be written later. */
    public static void checkWritable(Path path) {
        try {
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (Files.isDirectory(path)) {
                throw new IOException("it is a directory");
            }
            try (FileChannel ignored = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                // Opening for writing is the check; the report itself is written at the end.
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the JUnit report to " + path + ": " + e.getMessage(), e);
        }
    }

    public static void write(Path path, List<SweepSummary> summaries, List<SeedResult> findings) {
        try {
            Files.writeString(path, xml(summaries, findings), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the JUnit report to " + path + ": " + e.getMessage(), e);
        }
    }

    static String xml(List<SweepSummary> summaries, List<SeedResult> findings) {
        Map<String, int[]> totals = new TreeMap<>();
        for (SweepSummary summary : summaries) {
            int[] sums = totals.computeIfAbsent(summary.scenario(), s -> new int[2]);
            sums[0] += summary.seedsRun();
            sums[1] += summary.skipped();
        }
        findings.forEach(finding -> totals.computeIfAbsent(finding.scenario(), s -> new int[2]));
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"zksim\">\n");
        totals.forEach((scenario, sums) -> {
            List<SeedResult> failed = findings.stream().filter(f -> f.scenario().equals(scenario)).toList();
            int passed = sums[0] - failed.size();
            int tests = failed.size() + (passed > 0 ? 1 : 0) + (sums[1] > 0 ? 1 : 0);
            xml.append("  <testsuite name=\"zksim.").append(escape(scenario)).append("\" tests=\"").append(tests)
                    .append("\" failures=\"").append(failed.size()).append("\" skipped=\"").append(sums[1] > 0 ? 1 : 0)
                    .append("\" errors=\"0\">\n");
            if (passed > 0) {
                xml.append("    <testcase classname=\"zksim.").append(escape(scenario)).append("\" name=\"").append(passed)
                        .append(" seeds passed\"/>\n");
            }
            if (sums[1] > 0) {
                xml.append("    <testcase classname=\"zksim.").append(escape(scenario)).append("\" name=\"").append(sums[1])
                        .append(" seeds skipped\"><skipped message=\"the fixed fault plan names processes these seeds did")
                        .append(" not create\"/></testcase>\n");
            }
            for (SeedResult finding : failed) {
                xml.append("    <testcase classname=\"zksim.").append(escape(scenario)).append("\" name=\"seed ")
                        .append(finding.seed()).append("\"><failure type=\"").append(finding.verdict()).append("\" message=\"")
                        .append(escape(finding.message())).append("\">").append(escape(finding.describe()))
                        .append("</failure></testcase>\n");
            }
            xml.append("  </testsuite>\n");
        });
        return xml.append("</testsuites>\n").toString();
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                default -> out.append(c < 0x20 ? ' ' : c);
            }
        }
        return out.toString();
    }
}
