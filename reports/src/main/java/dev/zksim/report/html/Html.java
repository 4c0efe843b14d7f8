package dev.zksim.report.html;

/**
 * Escaping for XHTML text and attribute values. Pages are written as XHTML so that an XML
 * parser can check them, which rules out named entities such as {@code &nbsp;} and any
 * character XML 1.0 forbids; those characters are replaced by U+FFFD rather than dropped,
 * so a reader sees that something was there.
 */
public final class Html {

    private Html() {
    }

    /** Escapes text for element content and for double- or single-quoted attribute values. */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        appendEscaped(out, text);
        return out.toString();
    }

    /** Appends the escaped text, avoiding a temporary string on hot paths (diagram titles). */
    public static void appendEscaped(StringBuilder out, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(allowedInXml(c) ? c : '\uFFFD');
            }
        }
    }

    /** XML 1.0 allows tab, newline, carriage return and everything from space up, except U+FFFE and U+FFFF. */
    private static boolean allowedInXml(char c) {
        return c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c != 0xFFFE && c != 0xFFFF);
    }

    /** Shortens text to at most max characters, ending with an ellipsis when cut. */
    public static String truncate(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        return text.substring(0, Math.max(0, max - 1)) + "\u2026";
    }
}
