package dev.zksim.report.herd;

import dev.zksim.report.chart.Axis;
import dev.zksim.report.chart.LineChart;
import dev.zksim.report.chart.Series;
import dev.zksim.report.chart.Series.Point;
import dev.zksim.report.data.Table;
import dev.zksim.report.html.Html;
import dev.zksim.report.html.Num;
import dev.zksim.report.html.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The herd-effect page: what was measured and why it matters, the fitted slopes next to the
 * paper's expectations, log-log charts as inline SVG, every number in a table, and the
 * definitions. It has no script and refers to nothing outside itself.
 */
final class HerdPage {
    private static final String TITLE = "zksim herd-effect report";
    private static final String CSS = """
            .verdict-ok { color: #1a7f37; } .verdict-off { color: #b35900; font-weight: bold; }
            svg.chart { display: block; margin: 0.8em 0; max-width: 100%; height: auto; }
            dl.defs dt { font-weight: bold; margin-top: 0.5em; } dl.defs dd { margin-left: 1.5em; }
            """;

    private HerdPage() {
    }

    static String render(HerdReport report) {
        Page page = new Page(TITLE).style(CSS).heading(1, TITLE);
        introduction(page);
        page.heading(2, "Setup");
        report.setup().forEach(page::paragraph);
        page.heading(2, "Growth: fitted slopes next to the expectation");
        slopes(page, report.series());
        page.heading(2, "Charts");
        page.paragraph("Variants with the same counts draw on top of each other (the herd-free lock, the predecessor"
                + " election and the write lock often coincide, as do the lowest-watch lock and the seed-article"
                + " election); hover a point for its numbers, or read the table below.", "note");
        page.raw(chart("Wake-ups to serve every client", "wake-ups (total)", report.series(), HerdRow::wakeups).toSvg());
        page.raw(chart("Wake-ups per handoff", "wake-ups per handoff", report.series(), HerdRow::wakeupsPerHandoff).toSvg());
        page.raw(chart("Peak burst: requests in the 1 ms after a release", "requests in 1 ms", report.series(),
                row -> row.peakBurst()).toSvg());
        page.heading(2, "Every number");
        page.paragraph("The same numbers are in herd-report.csv and herd-report.json beside this page.", "note");
        Table table = report.table();
        page.table(table.columns(), text(table));
        definitions(page, report.series());
        return page.render();
    }

    private static void introduction(Page page) {
        page.paragraph("The ZooKeeper paper's lesson for recipe writers is the herd effect: when every waiter watches"
                + " the same node, every release wakes every waiter, about n(n-1)/2 wake-ups to serve n clients,"
                + " while a lock whose waiters each watch their predecessor wakes one waiter per release, n-1 in all.");
        page.paragraph("Each variant below ran once per client count in the simulation, all clients queuing at the"
                + " same instant. The slope is the least-squares fit of log(total wake-ups) against log(clients): a"
                + " power law c*n^k is a straight line of slope k on log-log axes, so about 1 means O(n) and about 2"
                + " means O(n^2). With few small counts an O(n) count of n-1 fits a little above 1, because n-1 grows"
                + " faster than n near n = 2.");
    }

    private static void slopes(Page page, List<HerdSeries> series) {
        StringBuilder html = new StringBuilder("<table class=\"slopes\"><thead><tr><th>variant</th><th>expected</th>"
                + "<th>measured slope</th><th>growth</th><th>why expected</th></tr></thead><tbody>\n");
        for (HerdSeries line : series) {
            String slope = Double.isNaN(line.slope()) ? "n/a" : Num.fmt(line.slope());
            html.append("<tr><td>").append(esc(line.variant())).append("</td><td class=\"num\">~")
                    .append(Num.fmt(line.expectedSlope())).append(" (").append(esc(HerdSeries.growth(line.expectedSlope())))
                    .append(")</td><td class=\"num ").append(line.asExpected() ? "verdict-ok" : "verdict-off").append("\">")
                    .append(slope).append("</td><td>").append(esc(HerdSeries.growth(line.slope()))).append("</td><td>")
                    .append(esc(line.expectation())).append("</td></tr>\n");
        }
        page.raw(html.append("</tbody></table>").toString());
    }

    private static LineChart chart(String title, String yLabel, List<HerdSeries> series, ToDoubleFunction<HerdRow> y) {
        List<Series> lines = new ArrayList<>();
        for (HerdSeries line : series) {
            List<Point> points = new ArrayList<>();
            for (HerdRow row : line.rows()) {
                points.add(new Point(row.clients(), y.applyAsDouble(row)));
            }
            lines.add(new Series(line.variant(), points));
        }
        return new LineChart(title, Axis.log("clients"), Axis.log(yLabel), lines, 820, 460);
    }

    private static void definitions(Page page, List<HerdSeries> series) {
        page.heading(2, "Definitions");
        StringBuilder html = new StringBuilder("<dl class=\"defs\">\n");
        definition(html, "watch notification", "a watch event message a server delivered to a client.");
        definition(html, "wake-up", "a watch notification that reached a client while it was waiting (queued for the"
                + " lock, standing for election, or inside the barrier's enter or leave). A notification that reaches a"
                + " client after it released, such as the one for its own deleted node, wakes nobody.");
        definition(html, "futile wake-up", "a wake-up after which the client re-read and was woken again before it"
                + " acquired, led or passed: it was still waiting. Counted per client: every wake-up in a waiting spell"
                + " but the last one of a spell that ended in progress.");
        definition(html, "reads and requests per acquisition", "exists, getData and getChildren requests (reads), and"
                + " all client requests (reads and writes, no pings), that reached a server, divided by acquisitions.");
        definition(html, "peak burst", "a release takes effect when the server commits its delete (the instant it sends"
                + " the delete's reply and the watch notifications it fires); the burst of a release is the number of"
                + " client requests that reach a server in the following millisecond; the peak is the largest over the run.");
        for (HerdSeries line : series) {
            definition(html, "handoff, " + line.variant(), line.handoff());
        }
        page.raw(html.append("</dl>").toString());
    }

    private static void definition(StringBuilder html, String term, String meaning) {
        html.append("<dt>").append(esc(term)).append("</dt><dd>").append(esc(meaning)).append("</dd>\n");
    }

    private static List<List<String>> text(Table table) {
        return table.rows().stream().map(row -> row.stream().map(HerdPage::cell).toList()).toList();
    }

    private static String cell(Object value) {
        return switch (value) {
            case null -> "";
            case Double number -> Num.fmt(number, 3);
            default -> String.valueOf(value);
        };
    }

    private static String esc(String text) {
        return Html.escape(text);
    }
}
