package dev.zksim.report.chart;

/** One axis of a chart: its label (with the unit, e.g. "clients") and its scale. */
public record Axis(String label, Scale scale) {

    public static Axis linear(String label) {
        return new Axis(label, Scale.LINEAR);
    }

    public static Axis log(String label) {
        return new Axis(label, Scale.LOG);
    }
}
