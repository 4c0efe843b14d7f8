package dev.zksim.report.html;

import java.util.List;

/**
 * The skeleton of a self-contained report page: an XHTML document with its CSS inline,
 * headings, paragraphs, tables and trusted fragments (inline SVG). Nothing refers to a
 * network resource, and a script, if any, is an optional enhancement: the page must read
 * the same without it. The result is well-formed XML, so tests can parse it.
 */
public final class Page {
    /** The base style every page shares; reports add their own rules after it. */
    public static final String BASE_CSS = """
            body { font-family: sans-serif; font-size: 14px; margin: 1.5em; color: #222; background: #fff; }
            h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
            table { border-collapse: collapse; margin: 0.5em 0; }
            th, td { border: 1px solid #ccc; padding: 2px 8px; text-align: left; font-size: 13px; }
            th { background: #f2f2f2; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; }
            .note { color: #555; }
            code, pre { font-family: monospace; font-size: 13px; }
            """;

    private final String title;
    private final StringBuilder css = new StringBuilder(BASE_CSS);
    private final StringBuilder body = new StringBuilder(4096);
    private String script;

    public Page(String title) {
        this.title = title;
    }

    /** Adds CSS rules; they must not contain '<' or '&', which would break the XML form of the page. */
    public Page style(String rules) {
        if (rules.indexOf('<') >= 0 || rules.indexOf('&') >= 0) {
            throw new IllegalArgumentException("CSS with '<' or '&' would not be well-formed XML");
        }
        css.append(rules);
        return this;
    }

    public Page heading(int level, String text) {
        if (level < 1 || level > 6) {
            throw new IllegalArgumentException("heading level " + level);
        }
        body.append("<h").append(level).append('>');
        Html.appendEscaped(body, text);
        body.append("</h").append(level).append(">\n");
        return this;
    }

    public Page paragraph(String text) {
        return paragraph(text, null);
    }

    public Page paragraph(String text, String cssClass) {
        body.append(cssClass == null ? "<p>" : "<p class=\"" + Html.escape(cssClass) + "\">");
        Html.appendEscaped(body, text);
        body.append("</p>\n");
        return this;
    }

    /** A table of text cells; cells that look like numbers are right-aligned. */
    public Page table(List<String> header, List<List<String>> rows) {
        body.append("<table><thead><tr>");
        header.forEach(cell -> body.append("<th>").append(Html.escape(cell)).append("</th>"));
        body.append("</tr></thead><tbody>\n");
        for (List<String> row : rows) {
            body.append("<tr>");
            for (String cell : row) {
                body.append(looksNumeric(cell) ? "<td class=\"num\">" : "<td>").append(Html.escape(cell)).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</tbody></table>\n");
        return this;
    }

    /** Appends markup the caller built with the escaping helpers (an SVG, a form of radio buttons). */
    public Page raw(String markup) {
        body.append(markup).append('\n');
        return this;
    }

    /** A small optional script, run after the body is parsed; the page must not depend on it. */
    public Page script(String javascript) {
        if (javascript.contains("]]>")) {
            throw new IllegalArgumentException("a script must not contain ]]>");
        }
        this.script = javascript;
        return this;
    }

    public String render() {
        StringBuilder page = new StringBuilder(body.length() + css.length() + 512);
        page.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
                .append("<meta charset=\"utf-8\"/>\n<title>").append(Html.escape(title)).append("</title>\n")
                .append("<style>\n").append(css).append("</style>\n</head>\n<body>\n")
                .append(body);
        if (script != null) {
            // CDATA keeps the script well-formed XML; the comment markers hide it from HTML parsing.
            page.append("<script>//<![CDATA[\n").append(script).append("\n//]]></script>\n");
        }
        return page.append("</body>\n</html>\n").toString();
    }

    private static boolean looksNumeric(String cell) {
        return !cell.isEmpty() && cell.matches("-?[0-9][0-9.,]*(e-?[0-9]+)?(%|s|ms|us)?");
    }
}
