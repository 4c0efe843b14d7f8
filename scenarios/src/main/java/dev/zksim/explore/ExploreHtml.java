package dev.zksim.explore;

import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * The exploration report as one HTML page with inline SVG (opens offline, no scripts):
 * distinct states and coverage growth over the runs, the goals reached and never reached,
 * what the scope could not reach, and the first counterexample with its reproduce line.
 */
public final class ExploreHtml {
    private static final int WIDTH = 560;
    private static final int HEIGHT = 200;

    private ExploreHtml() {
    }

    /** The page for a report; {@code reproduce} is the counterexample's line, or null. */
    public static String page(ExploreReport report, String reproduce) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>zksim explore ")
                .append(escape(report.scenario())).append("</title>\n<style>body{font-family:sans-serif;max-width:60em;"
                        + "margin:2em auto}svg{border:1px solid #ccc;margin:0.5em 0}td,th{padding:0.2em 0.8em;text-align:left}"
                        + ".ok{color:#186a18}.miss{color:#a33}code{word-break:break-all}</style></head><body>\n");
        html.append("<h1>Exploration of ").append(escape(report.scenario())).append(" (")
                .append(report.strategy().word()).append(")</h1>\n<pre>").append(escape(report.summary())).append("</pre>\n");
        html.append("<h2>Distinct states over runs</h2>\n")
                .append(chart(report.samples(), ExploreReport.Sample::runs, "runs", ExploreReport.Sample::distinctStates,
                        "#2b6cb0"));
        html.append("<h2>Distinct states over time</h2>\n")
                .append(chart(report.samples(), sample -> sample.wallNanos() / 1_000_000, "ms",
                        ExploreReport.Sample::distinctStates, "#2f855a"));
        if (report.samples().stream().anyMatch(sample -> sample.coverage() > 0)) {
            html.append("<h2>Coverage tuples over runs</h2>\n")
                    .append(chart(report.samples(), ExploreReport.Sample::runs, "runs", ExploreReport.Sample::coverage,
                            "#b7791f"));
        }
        html.append("<h2>Goals</h2>\n<table>\n");
        report.goalsReached().forEach(goal -> html.append("<tr><td class=\"ok\">reached</td><td>").append(escape(goal))
                .append("</td></tr>\n"));
        report.goalsMissed().forEach(goal -> html.append("<tr><td class=\"miss\">never reached</td><td>")
                .append(escape(goal)).append("</td></tr>\n"));
        html.append("</table>\n");
        if (!report.scopeNotes().isEmpty()) {
            html.append("<h2>Out of this scope</h2>\n<ul>\n");
            report.scopeNotes().forEach(note -> html.append("<li>").append(escape(note)).append("</li>\n"));
            html.append("</ul>\n");
        }
        report.violation().ifPresent(found -> {
            html.append("<h2>First counterexample</h2>\n<p>After ").append(found.run()).append(" runs: ")
                    .append(escape(found.failure().getMessage())).append("</p>\n<p>Fault plan: ")
                    .append(escape(found.spec().plan().toString())).append("</p>\n");
            if (reproduce != null) {
                html.append("<p>Reproduce: <code>./zksim replay ").append(escape(reproduce)).append("</code></p>\n");
            }
        });
        return html.append("</body></html>\n").toString();
    }

    /** A line chart of one measure against another (runs, or milliseconds), axes labelled with their maxima. */
    static String chart(List<ExploreReport.Sample> samples, ToLongFunction<ExploreReport.Sample> across, String unit,
                        ToLongFunction<ExploreReport.Sample> measure, String colour) {
        long maxRuns = 1;
        long maxValue = 1;
        for (ExploreReport.Sample sample : samples) {
            maxRuns = Math.max(maxRuns, across.applyAsLong(sample));
            maxValue = Math.max(maxValue, measure.applyAsLong(sample));
        }
        StringBuilder points = new StringBuilder();
        for (ExploreReport.Sample sample : samples) {
            double x = 40 + (WIDTH - 60) * (double) across.applyAsLong(sample) / maxRuns;
            double y = HEIGHT - 25 - (HEIGHT - 40) * (double) measure.applyAsLong(sample) / maxValue;
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
        }
        return String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">"
                        + "<line x1=\"40\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>"
                        + "<line x1=\"40\" y1=\"15\" x2=\"40\" y2=\"%d\" stroke=\"#333\"/>"
                        + "<text x=\"42\" y=\"12\" font-size=\"11\">%d</text>"
                        + "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%d %s</text>"
                        + "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/></svg>\n",
                WIDTH, HEIGHT, HEIGHT - 25, WIDTH - 20, HEIGHT - 25, HEIGHT - 25, maxValue, WIDTH - 20, HEIGHT - 8, maxRuns,
                unit, colour, points.toString().trim());
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
