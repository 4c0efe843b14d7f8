package dev.zksim.herd;

import dev.zksim.kernel.Plural;
import dev.zksim.report.herd.HerdReport;
import dev.zksim.report.herd.HerdRow;
import dev.zksim.report.herd.HerdSeries;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The sweep behind the herd report: every variant at every client count, one run each, and a
 * log-log fit of total wakeups against clients per variant. Runs go one after another on the
 * calling thread; each is a pure function of the variant, the count and the settings.
 */
public final class HerdSweep {

    private HerdSweep() {
    }

    /** Measures the variants; {@code progress} hears one line per finished run. */
    public static HerdReport run(List<Variant> variants, List<Integer> clientCounts, HerdSettings settings,
            Consumer<String> progress) {
        List<HerdSeries> series = new ArrayList<>();
        for (Variant variant : variants) {
            List<HerdRow> rows = new ArrayList<>();
            for (int clients : clientCounts) {
                HerdRow row = HerdRun.measure(variant, clients, settings);
                rows.add(row);
                progress.accept(variant.label() + ", " + clients + " clients: " + Plural.of(row.wakeups(), "wake-up"));
            }
            series.add(new HerdSeries(variant.label(), variant.handoff(), variant.expectedSlope(), variant.expectation(),
                    rows, slope(rows)));
        }
        return new HerdReport(settings.describe(), series);
    }

    /** The fitted exponent of total wakeups against the client count. */
    static double slope(List<HerdRow> rows) {
        List<double[]> points = new ArrayList<>();
        for (HerdRow row : rows) {
            points.add(new double[] {row.clients(), row.wakeups()});
        }
        return LogLogFit.slope(points);
    }
}
