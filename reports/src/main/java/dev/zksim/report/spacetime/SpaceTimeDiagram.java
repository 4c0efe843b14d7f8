package dev.zksim.report.spacetime;

import dev.zksim.ensemble.EnsembleFaults;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.process.ProcessEvent;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.report.html.Html;
import dev.zksim.report.html.Page;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The trace viewer: a self-contained HTML page with the space-time diagram of a run (one
 * lane per server, client, the network and the nemesis; messages as arrows; faults as
 * flags, lines and shaded spans; watch notifications in their own colour), a legend, and
 * the faults as a table. Zoom is plain CSS (radio buttons), so the page needs no script;
 * every arrow and mark explains itself in a tooltip. The same records give the same bytes.
 */
public final class SpaceTimeDiagram {
    /** Beyond this many arrows a diagram is too slow to draw and too dense to read. */
    public static final int DEFAULT_MAX_ARROWS = 6000;
    static final String CSS = """
            .controls { margin: 0.4em 0; } .controls label { margin-right: 0.8em; }
            .scroller { overflow: auto; border: 1px solid #bbb; max-height: 85vh; }
            svg.spacetime { display: block; }
            #zoom-fit:checked ~ .scroller svg.spacetime { width: 100%; height: auto; }
            #zoom-half:checked ~ .scroller svg.spacetime { width: calc(var(--w) * 0.5); height: calc(var(--h) * 0.5); }
            #zoom-double:checked ~ .scroller svg.spacetime { width: calc(var(--w) * 2); height: calc(var(--h) * 2); }
            .stripe.even { fill: #fafafa; } .stripe.odd { fill: #f0f0f0; }
            .lane { stroke: #999; stroke-width: 1; } .lane.fault-lane { stroke: #c99; stroke-dasharray: 2 3; }
            .tick { stroke: #ddd; } .tick-label { fill: #555; font-size: 10px; }
            .gap { fill: #aaa; font-size: 12px; } .gap-band { fill: #ececec; opacity: 0.6; }
            .lane-label { font-weight: bold; fill: #222; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
            .lane-label.repeat { fill: #888; font-weight: normal; }
            .m-client, .m-quorum, .m-election, .m-watch { stroke-width: 1; fill: none; }
            .m-client, .a-client { stroke: #7f8c99; fill: #7f8c99; }
            .m-quorum, .a-quorum { stroke: #0072b2; fill: #0072b2; }
            .m-election, .a-election { stroke: #56b4e9; fill: #56b4e9; }
            .m-watch, .a-watch { stroke: #d55e00; fill: #d55e00; }
            line.m-watch { stroke-width: 2.5; }
            line.m-client, line.m-quorum, line.m-election, line.m-watch { fill: none; }
            .span-crashed { fill: #e41a1c; opacity: 0.25; } .span-paused { fill: #ff9f1c; opacity: 0.3; }
            .span-partitioned { fill: #e41a1c; opacity: 0.2; } .span-clogged { fill: #ff9f1c; opacity: 0.25; }
            .fault-line { stroke: #e41a1c; stroke-dasharray: 4 4; stroke-width: 1; opacity: 0.6; }
            .flag .pole { stroke: #a00; stroke-width: 1.5; } .flag .banner { fill: #a00; }
            .flag .banner-text { fill: #fff; font-size: 10px; }
            .crash { stroke: #c00; stroke-width: 2.5; fill: none; } .drop { stroke: #c00; stroke-width: 1.5; fill: none; }
            .ok { fill: #1a9850; } .warn { fill: #ff8c00; } .role { fill: #0072b2; }
            .ev { fill: #888; } .net { fill: #bbb; }
            .op-ok { fill: #1a9850; opacity: 0.55; } .op-failed { fill: #7f8c99; opacity: 0.6; }
            .op-unknown { fill: #ff8c00; opacity: 0.6; } .op-open { fill: #c51b7d; opacity: 0.55; }
            .op-held { fill: #2b83ba; opacity: 0.6; }
            .op-implicated { stroke: #d00; stroke-width: 2; opacity: 1; }
            .legend-item { display: inline-block; margin-right: 1.2em; white-space: nowrap; }
            .legend-item svg { vertical-align: middle; }
            """;

    private SpaceTimeDiagram() {
    }

    /**
     * The page for a run. {@code facts} are lines such as the scenario, seed and digest;
     * {@code recordsInRun} is how many records the run emitted, of which {@code records} is a
     * prefix. At most {@code maxArrows} messages are drawn: the diagram stops at the record
     * where the limit is reached, and the page says so.
     */
    public static String page(String title, List<String> facts, List<TraceRecord> records, long recordsInRun,
                              int maxArrows) {
        return page(title, facts, records, recordsInRun, maxArrows, List.of());
    }

    /**
     * The page for a run, with the workload's operations and beliefs drawn on the client lanes
     * and the ones a failure names outlined, and listed under "What went wrong".
     */
    public static String page(String title, List<String> facts, List<TraceRecord> records, long recordsInRun,
                              int maxArrows, List<OperationSpan> operations) {
        List<TraceRecord> drawn = prefixWithArrows(records, maxArrows);
        Lanes lanes = Lanes.of(drawn);
        DiagramSvg diagram = new DiagramSvg(drawn, operations, lanes);
        Page page = new Page(title).style(CSS).heading(1, title);
        facts.forEach(page::paragraph);
        page.paragraph(summary(drawn), "summary");
        if (drawn.size() < recordsInRun) {
            page.paragraph("Only the first " + drawn.size() + " of the run's " + recordsInRun
                    + " trace records are drawn, to keep the page quick to open; replay with a JSON-lines export"
                    + " (--json) for the whole trace.", "note truncated");
        }
        page.paragraph("Time runs to the right. Each instant at which something happens gets its own column, so"
                + " stretches where nothing happens are shortened (marked \u2248 on the time axis) and the x axis is"
                + " not proportional to time. Hover over an arrow or a mark for the message or event.", "note");
        page.raw(zoomable(diagram.render()));
        List<List<String>> implicated = implicatedRows(operations);
        if (!implicated.isEmpty()) {
            page.heading(2, "What went wrong");
            page.paragraph("The stretches the failure names, outlined in red under their client's lane.");
            page.table(List.of("client", "from", "to", "what"), implicated);
        }
        page.heading(2, "Legend").raw(Legend.html());
        page.heading(2, "Faults");
        List<List<String>> faults = faultRows(drawn);
        if (faults.isEmpty()) {
            page.paragraph("The nemesis injected no fault in the drawn part of the run.");
        } else {
            page.table(List.of("time", "fault", "outcome"), faults);
        }
        return page.render();
    }

    /** Radio buttons and CSS sibling selectors change the drawing's size; no script is involved. */
    private static String zoomable(String svg) {
        return "<div class=\"zoomable\">\n<span class=\"controls\">Zoom: </span>"
                + radio("zoom-fit", "fit to width", false) + radio("zoom-half", "50%", false)
                + radio("zoom-one", "100%", true) + radio("zoom-double", "200%", false)
                + "\n<div class=\"scroller\">" + svg + "</div>\n</div>";
    }

    private static String radio(String id, String label, boolean checked) {
        return "<input type=\"radio\" name=\"zoom\" id=\"" + id + "\"" + (checked ? " checked=\"checked\"" : "")
                + "/><label for=\"" + id + "\">" + Html.escape(label) + "</label>";
    }

    static List<TraceRecord> prefixWithArrows(List<TraceRecord> records, int maxArrows) {
        int arrows = 0;
        for (int i = 0; i < records.size(); i++) {
            if (records.get(i).event() instanceof NetEvent.Delivered && ++arrows > maxArrows) {
                return records.subList(0, i);
            }
        }
        return records;
    }

    private static String summary(List<TraceRecord> records) {
        Map<MessageKind, Integer> messages = new EnumMap<>(MessageKind.class);
        int faults = 0;
        int crashes = 0;
        for (TraceRecord record : records) {
            switch (record.event()) {
                case NetEvent.Delivered delivered -> messages.merge(MessageKind.of(delivered), 1, Integer::sum);
                case EnsembleFaults.Injected injected -> faults++;
                case ProcessEvent.Crashed crashed -> crashes++;
                default -> {
                }
            }
        }
        List<String> parts = new ArrayList<>();
        for (MessageKind kind : MessageKind.values()) {
            parts.add(messages.getOrDefault(kind, 0) + " " + kind.description());
        }
        String span = records.isEmpty() ? "no records" : "from " + Time.formatSeconds(records.getFirst().time()) + " to "
                + Time.formatSeconds(records.getLast().time());
        return String.format(Locale.ROOT, "%d records drawn, %s. Messages: %s. Nemesis actions: %d; crashes: %d.",
                records.size(), span, String.join(", ", parts), faults, crashes);
    }

    private static List<List<String>> implicatedRows(List<OperationSpan> operations) {
        List<List<String>> rows = new ArrayList<>();
        for (OperationSpan span : operations) {
            if (span.implicated()) {
                rows.add(List.of(span.process(), Time.formatSeconds(span.from()), Time.formatSeconds(span.to()), span.label()));
            }
        }
        return rows;
    }

    private static List<List<String>> faultRows(List<TraceRecord> records) {
        List<List<String>> rows = new ArrayList<>();
        for (TraceRecord record : records) {
            if (record.event() instanceof EnsembleFaults.Injected injected) {
                rows.add(List.of(Time.formatSeconds(record.time()), injected.fault(), injected.outcome()));
            }
        }
        return rows;
    }
}
