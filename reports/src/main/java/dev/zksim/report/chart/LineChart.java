package dev.zksim.report.chart;

import dev.zksim.report.chart.Series.Point;
import dev.zksim.report.html.Html;
import dev.zksim.report.html.Num;
import dev.zksim.report.html.Svg;
import java.util.ArrayList;
import java.util.List;

/**
 * A line chart as inline SVG: linear or log axes (log-log for a herd-effect plot), a grid
 * at the ticks, one coloured line with point markers per series, a legend, and a tooltip
 * on every point. Colours and strokes are presentation attributes, not page CSS, so the
 * chart looks the same on any page. Points a log axis cannot show (zero, negative) are
 * left out and counted in the chart's description.
 */
public record LineChart(String title, Axis x, Axis y, List<Series> series, int width, int height) {
    /** Eight colours that stay distinct for readers with the common colour deficiencies (Okabe-Ito). */
    static final List<String> PALETTE = List.of("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
            "#000000", "#f0e442");
    private static final double LEFT = 64;
    private static final double RIGHT = 16;
    private static final double TOP = 36;
    private static final double BOTTOM = 48;

    public LineChart {
        series = List.copyOf(series);
        if (width < 200 || height < 150) {
            throw new IllegalArgumentException("chart too small: " + width + "x" + height);
        }
    }

    public static LineChart of(String title, Axis x, Axis y, List<Series> series) {
        return new LineChart(title, x, y, series, 640, 400);
    }

    /** The chart as one svg element. */
    public String toSvg() {
        List<Series> shown = visibleSeries();
        double[] xDomain = domain(x.scale(), shown, true);
        double[] yDomain = domain(y.scale(), shown, false);
        Plot plot = new Plot(x.scale(), xDomain, y.scale(), yDomain, LEFT, TOP, width - LEFT - RIGHT, height - TOP - BOTTOM);
        Svg svg = new Svg(width, height, "class", "chart", "role", "img", "aria-label", title,
                "font-family", "sans-serif", "font-size", "12");
        svg.title(title);
        svg.text(width / 2.0, 20, title, "text-anchor", "middle", "font-size", "14", "font-weight", "bold");
        grid(svg, plot);
        for (int i = 0; i < shown.size(); i++) {
            line(svg, plot, shown.get(i), PALETTE.get(i % PALETTE.size()));
        }
        legend(svg, shown);
        svg.text(LEFT + plot.width() / 2, height - 10, x.label() + scaleNote(x), "text-anchor", "middle");
        svg.text(14, TOP + plot.height() / 2, y.label() + scaleNote(y), "text-anchor", "middle",
                "transform", "rotate(-90 14 " + Num.fmt(TOP + plot.height() / 2) + ")");
        return svg.render();
    }

    /** How many points the axes could not show (non-positive values on a log axis). */
    public int hiddenPoints() {
        int hidden = 0;
        for (Series line : series) {
            for (Point point : line.points()) {
                hidden += x.scale().accepts(point.x()) && y.scale().accepts(point.y()) ? 0 : 1;
            }
        }
        return hidden;
    }

    private List<Series> visibleSeries() {
        List<Series> shown = new ArrayList<>(series.size());
        for (Series line : series) {
            List<Point> points = new ArrayList<>();
            for (Point point : line.points()) {
                if (x.scale().accepts(point.x()) && y.scale().accepts(point.y())) {
                    points.add(point);
                }
            }
            shown.add(new Series(line.name(), points));
        }
        return shown;
    }

    private static double[] domain(Scale scale, List<Series> shown, boolean horizontal) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Series line : shown) {
            for (Point point : line.points()) {
                double value = horizontal ? point.x() : point.y();
                min = Math.min(min, value);
                max = Math.max(max, value);
            }
        }
        if (min > max) {
            min = scale == Scale.LOG ? 1 : 0;
            max = scale == Scale.LOG ? 10 : 1;
        }
        return Ticks.domain(scale, min, max);
    }

    private static void grid(Svg svg, Plot plot) {
        svg.group("stroke", "#ddd", "stroke-width", "1");
        for (double tick : Ticks.values(plot.xScale(), plot.xDomain())) {
            double px = plot.px(tick);
            svg.line(px, plot.top(), px, plot.top() + plot.height(), null);
        }
        for (double tick : Ticks.values(plot.yScale(), plot.yDomain())) {
            double py = plot.py(tick);
            svg.line(plot.left(), py, plot.left() + plot.width(), py, null);
        }
        svg.end();
        svg.rect(plot.left(), plot.top(), plot.width(), plot.height(), null, "fill", "none", "stroke", "#888");
        for (double tick : Ticks.values(plot.xScale(), plot.xDomain())) {
            svg.text(plot.px(tick), plot.top() + plot.height() + 16, Ticks.label(tick), "text-anchor", "middle");
        }
        for (double tick : Ticks.values(plot.yScale(), plot.yDomain())) {
            svg.text(plot.left() - 6, plot.py(tick) + 4, Ticks.label(tick), "text-anchor", "end");
        }
    }

    private static void line(Svg svg, Plot plot, Series line, String colour) {
        if (line.points().isEmpty()) {
            return;
        }
        StringBuilder points = new StringBuilder();
        for (Point point : line.points()) {
            points.append(Num.fmt(plot.px(point.x()))).append(',').append(Num.fmt(plot.py(point.y()))).append(' ');
        }
        svg.empty("polyline", null, "points", points.toString().trim(), "fill", "none", "stroke", colour,
                "stroke-width", "2", "class", "series");
        for (Point point : line.points()) {
            svg.circle(plot.px(point.x()), plot.py(point.y()), 3.5,
                    line.name() + ": x=" + Ticks.label(point.x()) + ", y=" + Ticks.label(point.y()), "fill", colour);
        }
    }

    private void legend(Svg svg, List<Series> shown) {
        double top = TOP + 8;
        double left = width - RIGHT - 8 - legendWidth(shown);
        for (int i = 0; i < shown.size(); i++) {
            double rowY = top + 16 * i;
            String colour = PALETTE.get(i % PALETTE.size());
            svg.line(left, rowY, left + 18, rowY, null, "stroke", colour, "stroke-width", "2");
            svg.text(left + 24, rowY + 4, Html.truncate(shown.get(i).name(), 40), "class", "legend");
        }
    }

    /** An estimate of the legend's width from its longest name: SVG text cannot be measured without a browser. */
    private static double legendWidth(List<Series> shown) {
        int longest = 0;
        for (Series line : shown) {
            longest = Math.max(longest, Math.min(40, line.name().length()));
        }
        return 24 + longest * 7;
    }

    private static String scaleNote(Axis axis) {
        return axis.scale() == Scale.LOG ? " (log scale)" : "";
    }
}
