package dev.zksim.report.testing;

import dev.zksim.report.chart.Axis;
import dev.zksim.report.chart.LineChart;
import dev.zksim.report.chart.Series;
import dev.zksim.report.chart.Series.Point;
import dev.zksim.report.data.ResultsFolder;
import dev.zksim.report.data.Table;
import dev.zksim.report.herd.HerdReport;
import dev.zksim.report.herd.HerdRow;
import dev.zksim.report.herd.HerdSeries;
import dev.zksim.report.html.Page;
import dev.zksim.report.spacetime.SpaceTimeDiagram;
import dev.zksim.kernel.trace.TraceRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the sample pages the page tests look at: a space-time diagram of the sample trace,
 * and a chart page shaped like the coming herd-effect report (a log-log chart of wake-ups
 * per lock release against waiting clients, and a linear one), with its CSV and JSON.
 */
public final class SamplePages {
    public static final Path FOLDER = Path.of("target", "report-samples");

    private SamplePages() {
    }

    public static Path diagram() {
        List<TraceRecord> trace = SampleTrace.build(300);
        String html = SpaceTimeDiagram.page("Sample run: space-time diagram", List.of("scenario: sample, seed 42"),
                trace, trace.size(), SpaceTimeDiagram.DEFAULT_MAX_ARROWS);
        return new ResultsFolder(FOLDER).write("spacetime.html", html);
    }

    public static Path chart() {
        List<Point> herd = new ArrayList<>();
        List<Point> predecessor = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (int clients = 2; clients <= 512; clients *= 2) {
            herd.add(new Point(clients, clients - 1));
            predecessor.add(new Point(clients, 1));
            rows.add(List.of(clients, clients - 1, 1));
        }
        Table numbers = new Table(List.of("clients", "herd_lock_wakeups", "predecessor_lock_wakeups"), rows);
        LineChart logLog = LineChart.of("Wake-ups per lock release", Axis.log("waiting clients"), Axis.log("wake-ups"),
                List.of(new Series("lock watching the lowest node", herd), new Series("lock watching its predecessor", predecessor)));
        LineChart linear = LineChart.of("Same numbers, linear axes", Axis.linear("waiting clients"), Axis.linear("wake-ups"),
                List.of(new Series("lowest node", herd), new Series("predecessor", predecessor)));
        String html = new Page("Sample chart page").heading(1, "Sample chart page")
                .paragraph("Two charts of the same made-up numbers: log-log and linear.")
                .raw(logLog.toSvg()).raw(linear.toSvg())
                .heading(2, "Numbers").table(numbers.columns(), text(rows)).render();
        return new ResultsFolder(FOLDER).writeReport("chart", html, numbers);
    }

    /**
     * A herd report of made-up but protocol-shaped numbers: a lock waking one waiter per
     * handoff (n-1) and one waking every waiter (n(n-1)/2), over 2 to 64 clients.
     */
    public static Path herd() {
        List<HerdRow> linear = new ArrayList<>();
        List<HerdRow> quadratic = new ArrayList<>();
        for (int n = 2; n <= 64; n *= 2) {
            linear.add(new HerdRow(n, n, n - 1, 2L * n - 1, n - 1, 0, 4L * n, 6L * n, 1, 7000L * n));
            long herd = (long) n * (n - 1) / 2;
            quadratic.add(new HerdRow(n, n, n - 1, herd + n, herd, herd - (n - 1), herd + 3L * n, herd + 5L * n, n - 1,
                    7000L * n));
        }
        HerdReport report = new HerdReport(List.of("Sample numbers, not measured."), List.of(
                new HerdSeries("herd-free lock", "a release handing the lock on", 1, "one waiter per release", linear, 1.17),
                new HerdSeries("lowest-watch lock", "a release handing the lock on", 2, "every waiter per release",
                        quadratic, 2.17)));
        return report.write(FOLDER);
    }

    private static List<List<String>> text(List<List<Object>> rows) {
        return rows.stream().map(row -> row.stream().map(String::valueOf).toList()).toList();
    }
}
