package dev.zksim.report.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The numbers behind a chart or a table, as one value: named columns and rows of cells
 * (strings, numbers, booleans or null). Writing the same table as CSV and as JSON is what
 * guarantees that a report's files carry the same numbers.
 */
public record Table(List<String> columns, List<List<Object>> rows) {

    public Table {
        columns = List.copyOf(columns);
        List<List<Object>> copied = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("row has " + row.size() + " cells, table " + columns.size() + " columns");
            }
            // An unmodifiable copy that keeps nulls, which List.copyOf rejects.
            copied.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        rows = Collections.unmodifiableList(copied);
    }

    /** RFC 4180 CSV; numbers are written as JSON writes them, so both files agree digit for digit. */
    public String toCsv() {
        List<List<String>> text = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            List<String> cells = new ArrayList<>(row.size());
            for (Object cell : row) {
                cells.add(cellText(cell));
            }
            text.add(cells);
        }
        return Csv.write(columns, text);
    }

    /** A JSON array with one object per row, keys in column order. */
    public String toJson() {
        List<Map<String, Object>> objects = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            Map<String, Object> object = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                object.put(columns.get(i), row.get(i));
            }
            objects.add(object);
        }
        return Json.write(objects);
    }

    private static String cellText(Object cell) {
        if (cell == null) {
            return "";
        }
        if (cell instanceof String text) {
            return text;
        }
        String json = Json.write(cell);
        return json.substring(0, json.length() - 1);
    }
}
