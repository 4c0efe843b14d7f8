package dev.zksim.report.spacetime;

import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.process.ProcessEvent;
import dev.zksim.kernel.trace.TraceRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stretch of time during which a lane is in a fault state: a process crashed (until it
 * starts again) or paused (until it resumes), the network partitioned (until healed) or a
 * link clogged (until its stated end). A span still open when the records end runs to
 * the last instant drawn.
 */
public record Span(String lane, long from, long to, Kind kind, String label) {

    /** The fault states a span can show. */
    public enum Kind {
        CRASHED, PAUSED, PARTITIONED, CLOGGED;

        String cssClass() {
            return "span-" + name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The spans of the records, in the order they start. */
    public static List<Span> of(List<TraceRecord> records, long end) {
        List<Span> spans = new ArrayList<>();
        Map<String, TraceRecord> open = new LinkedHashMap<>();
        for (TraceRecord record : records) {
            switch (record.event()) {
                case ProcessEvent.Crashed crashed -> open.putIfAbsent("crash " + record.process(), record);
                case ProcessEvent.Started started -> close(spans, open, "crash " + record.process(), record.time());
                case ProcessEvent.Paused paused -> open.putIfAbsent("pause " + record.process(), record);
                case ProcessEvent.Resumed resumed -> close(spans, open, "pause " + record.process(), record.time());
                case NetEvent.Partitioned partitioned -> open.putIfAbsent("partition", record);
                case NetEvent.Healed healed -> close(spans, open, "partition", record.time());
                case NetEvent.Clogged clogged -> spans.add(new Span(Lanes.NET, record.time(), Math.min(end, clogged.until()),
                        Kind.CLOGGED, "clogged " + clogged.a() + " \u2194 " + clogged.b() + ", +" + clogged.extraDelay() + "us"));
                default -> {
                }
            }
        }
        for (TraceRecord still : List.copyOf(open.values())) {
            spans.add(span(still, end));
        }
        spans.sort(java.util.Comparator.comparingLong(Span::from));
        return spans;
    }

    private static void close(List<Span> spans, Map<String, TraceRecord> open, String key, long time) {
        TraceRecord start = open.remove(key);
        if (start != null) {
            spans.add(span(start, time));
        }
    }

    private static Span span(TraceRecord start, long to) {
        return switch (start.event()) {
            case ProcessEvent.Crashed crashed -> new Span(start.process(), start.time(), to, Kind.CRASHED,
                    start.process() + " crashed (incarnation " + crashed.lostIncarnation() + " lost)");
            case ProcessEvent.Paused paused -> new Span(start.process(), start.time(), to, Kind.PAUSED,
                    start.process() + " paused");
            case NetEvent.Partitioned partitioned -> new Span(Lanes.NET, start.time(), to, Kind.PARTITIONED,
                    "partitioned: blocked " + partitioned.blockedLinks());
            default -> throw new IllegalStateException("not a span start: " + start);
        };
    }
}
