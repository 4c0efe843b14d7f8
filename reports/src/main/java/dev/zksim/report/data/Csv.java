package dev.zksim.report.data;

import java.util.List;

/**
 * CSV as RFC 4180 writes it: comma-separated, a field quoted when it holds a comma, a quote
 * or a line break, quotes doubled inside, lines ended by CRLF. Spreadsheets and pandas read
 * it without options.
 */
public final class Csv {

    private Csv() {
    }

    public static String write(List<String> header, List<List<String>> rows) {
        StringBuilder out = new StringBuilder(64 * (rows.size() + 1));
        line(out, header);
        for (List<String> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalArgumentException("row has " + row.size() + " fields, header " + header.size() + ": " + row);
            }
            line(out, row);
        }
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            field(out, fields.get(i));
        }
        out.append("\r\n");
    }

    static void field(StringBuilder out, String value) {
        String text = value == null ? "" : value;
        boolean quote = text.indexOf(',') >= 0 || text.indexOf('"') >= 0 || text.indexOf('\n') >= 0
                || text.indexOf('\r') >= 0;
        if (!quote) {
            out.append(text);
            return;
        }
        out.append('"').append(text.replace("\"", "\"\"")).append('"');
    }
}
