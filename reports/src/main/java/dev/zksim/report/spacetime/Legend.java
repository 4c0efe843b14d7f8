package dev.zksim.report.spacetime;

import dev.zksim.report.html.Html;

/**
 * The legend under the diagram: a small drawing of each glyph next to what it means. The
 * drawings use the diagram's own CSS classes, so the legend cannot disagree with it.
 */
final class Legend {

    private Legend() {
    }

    static String html() {
        StringBuilder out = new StringBuilder(2048);
        out.append("<div class=\"legend\">");
        for (MessageKind kind : MessageKind.values()) {
            item(out, "<line x1=\"2\" y1=\"12\" x2=\"30\" y2=\"4\" class=\"" + kind.cssClass() + "\"/>",
                    "message: " + kind.description());
        }
        item(out, "<rect x=\"2\" y=\"2\" width=\"28\" height=\"12\" class=\"span-crashed\"/>", "process down (crashed)");
        item(out, "<rect x=\"2\" y=\"2\" width=\"28\" height=\"12\" class=\"span-paused\"/>", "process paused / link clogged");
        item(out, "<rect x=\"2\" y=\"2\" width=\"28\" height=\"12\" class=\"span-partitioned\"/>", "network partitioned");
        item(out, "<line x1=\"16\" y1=\"0\" x2=\"16\" y2=\"16\" class=\"fault-line\"/><rect x=\"16\" y=\"2\" width=\"12\""
                + " height=\"7\" class=\"flag banner\" style=\"fill:#a00\"/>", "nemesis action (flag and line)");
        item(out, "<path d=\"M11 3L21 13M11 13L21 3\" class=\"crash\"/>", "crash, partition, session expired");
        item(out, "<path d=\"M13 5L19 11M13 11L19 5\" class=\"drop\"/>", "message dropped");
        item(out, "<circle cx=\"16\" cy=\"8\" r=\"5\" class=\"ok\"/>", "started, connected, session created, healed");
        item(out, "<circle cx=\"16\" cy=\"8\" r=\"5\" class=\"warn\"/>", "disconnected, expired, refused, paused");
        item(out, "<circle cx=\"16\" cy=\"8\" r=\"4.5\" class=\"role\"/>", "quorum role change (elected, serving)");
        item(out, "<circle cx=\"16\" cy=\"8\" r=\"2\" class=\"ev\"/>", "routine event (request, reply, commit)");
        item(out, "<rect x=\"2\" y=\"5\" width=\"28\" height=\"6\" class=\"op-held\"/>", "client holds or leads");
        item(out, "<rect x=\"2\" y=\"5\" width=\"28\" height=\"6\" class=\"op-ok\"/>", "operation, completed");
        item(out, "<rect x=\"2\" y=\"5\" width=\"28\" height=\"6\" class=\"op-failed\"/>", "operation, failed");
        item(out, "<rect x=\"2\" y=\"5\" width=\"28\" height=\"6\" class=\"op-unknown\"/>", "operation, outcome unknown");
        item(out, "<rect x=\"2\" y=\"5\" width=\"28\" height=\"6\" class=\"op-open\"/>", "operation, never completed");
        item(out, "<rect x=\"2\" y=\"5\" width=\"28\" height=\"6\" class=\"op-ok op-implicated\"/>",
                "named by the failure");
        return out.append("</div>").toString();
    }

    private static void item(StringBuilder out, String glyph, String meaning) {
        out.append("<span class=\"legend-item\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"32\" height=\"16\">")
                .append(glyph).append("</svg> ").append(Html.escape(meaning)).append("</span>\n");
    }
}
