package dev.zksim.report.spacetime;

import dev.zksim.ensemble.EnsembleFaults;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.report.html.Html;
import dev.zksim.report.html.Num;
import dev.zksim.report.html.Svg;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Draws the space-time diagram itself, in layers from back to front: lane stripes, time
 * ticks, fault spans, fault lines, message arrows, then the marks of individual events and
 * the lane labels, so labels and marks stay readable above the arrows. Styling lives in
 * the page's CSS classes ({@link SpaceTimeDiagram#CSS}) to keep each element short.
 */
final class DiagramSvg {
    static final double LEFT = 70;
    static final double TOP = 40;
    static final double LANE = 44;
    static final double RIGHT = 40;
    static final double BOTTOM = 16;
    /** Lane labels repeat this often along the lanes so a scrolled view still names them. */
    static final double LABEL_EVERY = 1500;
    /** Tooltips quote at most this much of a message, which keeps the file small. */
    static final int MESSAGE_CHARS = 240;
    private static final String MARKERS = "<defs>"
            + marker("a-client") + marker("a-quorum") + marker("a-election") + marker("a-watch") + "</defs>";

    private final List<TraceRecord> records;
    private final List<OperationSpan> operations;
    private final Lanes lanes;
    private final TimeAxis axis;
    private final Svg svg;

    DiagramSvg(List<TraceRecord> records, Lanes lanes) {
        this(records, List.of(), lanes);
    }

    DiagramSvg(List<TraceRecord> records, List<OperationSpan> operations, Lanes lanes) {
        this.records = records;
        this.operations = List.copyOf(operations);
        this.lanes = lanes;
        this.axis = TimeAxis.of(records, LEFT + 20);
        this.svg = new Svg(width(), height(), "class", "spacetime", "style",
                "--w:" + Num.fmt(width()) + "px;--h:" + Num.fmt(height()) + "px", "font-size", "11");
    }

    double width() {
        return axis.end() + RIGHT;
    }

    double height() {
        return TOP + LANE * lanes.size() + BOTTOM;
    }

    String render() {
        svg.title("Space-time diagram: one lane per process, time to the right, messages as arrows").raw(MARKERS);
        laneStripes();
        timeTicks();
        spans();
        operationBars();
        faultLines();
        arrows();
        marks();
        laneLabels();
        return svg.render();
    }

    private double y(String process) {
        return TOP + LANE * lanes.index(process) + LANE / 2;
    }

    private void laneStripes() {
        svg.group("class", "lanes");
        for (int i = 0; i < lanes.size(); i++) {
            String name = lanes.names().get(i);
            double top = TOP + LANE * i;
            svg.rect(0, top, width(), LANE, null, "class", i % 2 == 0 ? "stripe even" : "stripe odd");
            svg.line(LEFT, top + LANE / 2, width() - RIGHT / 2, top + LANE / 2, null,
                    "class", name.equals(Lanes.NET) || name.equals(Lanes.NEMESIS) ? "lane fault-lane" : "lane");
        }
        svg.end();
    }

    /** A labelled tick whenever the last label is far enough behind, and a zigzag where idle time was cut. */
    private void timeTicks() {
        svg.group("class", "ticks");
        double lastLabel = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < axis.instants(); i++) {
            double x = axis.xAt(i);
            if (axis.compressedBefore(i)) {
                double gapX = x - TimeAxis.MAX_STEP / 2;
                svg.text(gapX, TOP - 4, "\u2248", "class", "gap", "text-anchor", "middle");
                svg.rect(gapX - 2, TOP, 4, LANE * lanes.size(), "idle time compressed: "
                        + Time.formatShort(axis.time(i) - axis.time(i - 1)), "class", "gap-band");
            }
            if (x - lastLabel >= 110) {
                svg.line(x, TOP - 14, x, TOP + LANE * lanes.size(), null, "class", "tick");
                svg.text(x + 2, TOP - 18, Time.formatSeconds(axis.time(i)), "class", "tick-label");
                lastLabel = x;
            }
        }
        svg.end();
    }

    private void spans() {
        long end = axis.time(axis.instants() - 1);
        svg.group("class", "spans");
        for (Span span : Span.of(records, end)) {
            if (lanes.index(span.lane()) < 0) {
                continue;
            }
            double from = axis.x(span.from());
            double to = Math.max(from + 3, axis.x(span.to()));
            svg.rect(from, y(span.lane()) - LANE / 2 + 4, to - from, LANE - 8,
                    span.label() + " from " + Time.formatSeconds(span.from()) + " to " + Time.formatSeconds(span.to()),
                    "class", span.kind().cssClass());
        }
        svg.end();
    }

    /**
     * The client's operations and beliefs as bars under its lane line: beliefs (holding,
     * leading) just below the line, operations below them, and whatever the failure names
     * outlined in red on top, so the overlap or the stuck operation stands out.
     */
    private void operationBars() {
        svg.group("class", "operations");
        for (boolean implicatedLayer : new boolean[] {false, true}) {
            for (OperationSpan span : operations) {
                if (span.implicated() != implicatedLayer || lanes.index(span.process()) < 0) {
                    continue;
                }
                double from = axis.x(span.from());
                double to = Math.max(from + 3, axis.x(span.to()));
                double top = y(span.process()) + (span.kind() == OperationSpan.Kind.HELD ? 3 : 10);
                String css = span.kind().cssClass() + (span.implicated() ? " op-implicated" : "");
                svg.rect(from, top, to - from, 6, span.label(), "class", css);
            }
        }
        svg.end();
    }

    /** Every nemesis action gets a dashed line across all lanes, so its effect can be followed down. */
    private void faultLines() {
        svg.group("class", "fault-lines");
        for (TraceRecord record : records) {
            if (record.event() instanceof EnsembleFaults.Injected) {
                double x = axis.x(record.time());
                svg.line(x, TOP, x, TOP + LANE * lanes.size(), null, "class", "fault-line");
            }
        }
        svg.end();
    }

    private void arrows() {
        svg.group("class", "arrows");
        for (TraceRecord record : records) {
            if (record.event() instanceof NetEvent.Delivered message
                    && lanes.index(message.from()) >= 0 && lanes.index(message.to()) >= 0) {
                MessageKind kind = MessageKind.of(message);
                svg.line(axis.x(message.sentAt()), y(message.from()), axis.x(record.time()), y(message.to()),
                        tooltip(record, message), "class", kind.cssClass(),
                        "marker-end", "url(#a-" + kind.name().toLowerCase(java.util.Locale.ROOT) + ")");
            }
        }
        svg.end();
    }

    private static String tooltip(TraceRecord record, NetEvent.Delivered message) {
        return message.from() + " \u2192 " + message.to() + " (connection " + message.connection() + "), sent "
                + Time.formatSeconds(message.sentAt()) + ", delivered " + Time.formatSeconds(record.time()) + " after "
                + Time.formatShort(record.time() - message.sentAt()) + ": "
                + Html.truncate(String.valueOf(message.message()), MESSAGE_CHARS);
    }

    private void marks() {
        svg.group("class", "marks");
        for (TraceRecord record : records) {
            if (record.event() instanceof NetEvent.Delivered || record.event() instanceof EnsembleFaults.Injected
                    || lanes.index(record.process()) < 0) {
                continue;
            }
            Mark mark = Mark.of(record);
            double x = axis.x(record.time());
            double y = y(record.process());
            String tooltip = Time.formatSeconds(record.time()) + " " + record.process() + ": "
                    + Html.truncate(record.event().toString(), MESSAGE_CHARS);
            switch (mark.shape()) {
                case DOT -> svg.circle(x, y, mark.size(), tooltip, "class", mark.cssClass());
                case CROSS -> svg.empty("path", tooltip, "class", mark.cssClass(), "d", cross(x, y, mark.size()));
                case FLAG -> throw new IllegalStateException("nemesis flags are drawn by flags()");
            }
        }
        svg.end();
        flags();
    }

    /**
     * One flag per instant on the nemesis lane: the end of the fault window resumes and
     * restarts every process at once, and a flag each would pile up unreadably. A flag
     * that would overlap the previous one hangs lower, so neighbours stay legible.
     */
    private void flags() {
        Map<Long, List<EnsembleFaults.Injected>> byTime = new TreeMap<>();
        for (TraceRecord record : records) {
            if (record.event() instanceof EnsembleFaults.Injected injected) {
                byTime.computeIfAbsent(record.time(), t -> new ArrayList<>()).add(injected);
            }
        }
        double previousEnd = Double.NEGATIVE_INFINITY;
        boolean lowered = false;
        for (Map.Entry<Long, List<EnsembleFaults.Injected>> flag : byTime.entrySet()) {
            double x = axis.x(flag.getKey());
            lowered = x < previousEnd && !lowered;
            previousEnd = flag(x, y(Lanes.NEMESIS) + (lowered ? 14 : 0), flag.getKey(), flag.getValue());
        }
    }

    /** Draws a pole and a banner naming the first fault (and how many more); returns where the banner ends. */
    private double flag(double x, double y, long time, List<EnsembleFaults.Injected> faults) {
        StringBuilder tooltip = new StringBuilder(Time.formatSeconds(time)).append(" nemesis:");
        faults.forEach(fault -> tooltip.append('\n').append(fault.fault()).append(" \u2192 ").append(fault.outcome()));
        String label = Html.truncate(faults.getFirst().fault(), 24) + (faults.size() > 1 ? " +" + (faults.size() - 1) : "");
        double width = 6 + 5.6 * label.length();
        svg.group("class", "flag");
        svg.title(tooltip.toString());
        svg.line(x, y + 8, x, y - 14, null, "class", "pole");
        svg.rect(x, y - 14, width, 13, null, "class", "banner");
        svg.text(x + 3, y - 4, label, "class", "banner-text");
        svg.end();
        return x + width;
    }

    private static String cross(double x, double y, double r) {
        return "M" + Num.fmt(x - r) + " " + Num.fmt(y - r) + "L" + Num.fmt(x + r) + " " + Num.fmt(y + r)
                + "M" + Num.fmt(x - r) + " " + Num.fmt(y + r) + "L" + Num.fmt(x + r) + " " + Num.fmt(y - r);
    }

    private void laneLabels() {
        svg.group("class", "lane-labels");
        for (double x = 6; x < width() - RIGHT; x += LABEL_EVERY) {
            for (String name : lanes.names()) {
                svg.text(x, y(name) + 4, name, "class", x < LEFT ? "lane-label" : "lane-label repeat");
            }
        }
        svg.end();
    }

    private static String marker(String id) {
        return "<marker id=\"" + id + "\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\""
                + " orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" class=\"" + id + "\"/></marker>";
    }
}
