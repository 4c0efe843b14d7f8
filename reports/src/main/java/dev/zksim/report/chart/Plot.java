package dev.zksim.report.chart;

/**
 * The plotting area of a chart and its two mappings from data to pixels. Domains are in
 * the scale's own coordinate (log10 for a log axis), so the mapping is linear in both cases.
 */
record Plot(Scale xScale, double[] xDomain, Scale yScale, double[] yDomain,
            double left, double top, double width, double height) {

    double px(double value) {
        double t = (xScale.transform(value) - xDomain[0]) / (xDomain[1] - xDomain[0]);
        return left + t * width;
    }

    /** SVG's y grows downwards, so larger values sit nearer the top. */
    double py(double value) {
        double t = (yScale.transform(value) - yDomain[0]) / (yDomain[1] - yDomain[0]);
        return top + height - t * height;
    }
}
