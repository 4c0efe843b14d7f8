package dev.zksim.report.chart;

import java.util.List;

/** A named line of a chart: its points in the order they are joined. */
public record Series(String name, List<Point> points) {

    /** One data point. */
    public record Point(double x, double y) {
    }

    public Series {
        points = List.copyOf(points);
    }
}
