package dev.zksim.report.herd;

import dev.zksim.report.data.ResultsFolder;
import dev.zksim.report.data.Table;
import dev.zksim.report.html.Num;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A whole herd-effect report: how the runs were set up (one sentence per fact) and one
 * series per variant. {@link #table()} is the one table behind the CSV, the JSON and the
 * page's table of numbers, so the three agree digit for digit.
 */
public record HerdReport(List<String> setup, List<HerdSeries> series) {
    /** The report's stable file name: herd-report.html, .csv and .json. */
    public static final String NAME = "herd-report";
    static final List<String> COLUMNS = List.of("variant", "clients", "acquisitions", "handoffs", "notifications",
            "wakeups", "wakeups_per_handoff", "futile_wakeups", "reads_per_acquisition", "requests_per_acquisition",
            "peak_burst_1ms", "simulated_ms", "fitted_slope", "expected_slope");

    public HerdReport {
        setup = List.copyOf(setup);
        series = List.copyOf(series);
    }

    /** One row per variant and client count; the variant's fitted and expected slopes repeat on each of its rows. */
    public Table table() {
        List<List<Object>> rows = new ArrayList<>();
        for (HerdSeries line : series) {
            for (HerdRow row : line.rows()) {
                rows.add(Arrays.asList(line.variant(), row.clients(), row.acquisitions(), row.handoffs(), row.notifications(),
                        row.wakeups(), round(row.wakeupsPerHandoff()), row.futileWakeups(),
                        round(row.readsPerAcquisition()), round(row.requestsPerAcquisition()), row.peakBurst(),
                        round(row.simulatedMicros() / 1000.0), Double.isNaN(line.slope()) ? null : round(line.slope()),
                        round(line.expectedSlope())));
            }
        }
        return new Table(COLUMNS, rows);
    }

    /** Writes herd-report.html, .csv and .json into the folder; returns the page's path. */
    public Path write(Path folder) {
        return new ResultsFolder(folder).writeReport(NAME, HerdPage.render(this), table());
    }

    /** One line per variant for a terminal: the fitted slope next to the expectation. */
    public List<String> summary() {
        List<String> lines = new ArrayList<>();
        for (HerdSeries line : series) {
            lines.add(String.format(Locale.ROOT, "%-26s slope %-5s %-7s expected ~%s (%s)%s", line.variant(),
                    Double.isNaN(line.slope()) ? "n/a" : Num.fmt(line.slope()), HerdSeries.growth(line.slope()),
                    Num.fmt(line.expectedSlope()), HerdSeries.growth(line.expectedSlope()),
                    line.asExpected() ? "" : "  <- differs from the expectation"));
        }
        return lines;
    }

    /** Three decimals are plenty for a ratio and keep the files stable from run to run. */
    static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }
}
