package dev.zksim.report.html;

/**
 * Writes one inline SVG element and its children as text. Attributes come as name, value
 * pairs; numbers go through {@link Num} and strings through {@link Html#escape}, so callers
 * never build markup by hand. A tooltip is an SVG {@code <title>} child, which browsers
 * show on hover and which needs no JavaScript.
 */
public final class Svg {
    public static final String NAMESPACE = "http://www.w3.org/2000/svg";

    private final StringBuilder out;
    private int depth;
    private boolean closed;

    /**
     * Opens an svg element whose user units are pixels at 100% (its viewBox), so CSS may
     * scale the drawing by changing only its width and height.
     */
    public Svg(double width, double height, Object... attributes) {
        out = new StringBuilder(4096);
        out.append("<svg xmlns=\"").append(NAMESPACE).append('"');
        attributes(out, "width", width, "height", height,
                "viewBox", "0 0 " + Num.fmt(width) + " " + Num.fmt(height));
        attributes(out, attributes);
        out.append('>');
        depth = 1;
    }

    /** An element without children (other than an optional tooltip). */
    public Svg empty(String tag, String tooltip, Object... attributes) {
        out.append('<').append(tag);
        attributes(out, attributes);
        if (tooltip == null) {
            out.append("/>");
        } else {
            out.append("><title>");
            Html.appendEscaped(out, tooltip);
            out.append("</title></").append(tag).append('>');
        }
        return this;
    }

    public Svg line(double x1, double y1, double x2, double y2, String tooltip, Object... attributes) {
        out.append("<line");
        attributes(out, "x1", x1, "y1", y1, "x2", x2, "y2", y2);
        return finishShape("line", tooltip, attributes);
    }

    public Svg rect(double x, double y, double width, double height, String tooltip, Object... attributes) {
        out.append("<rect");
        attributes(out, "x", x, "y", y, "width", Math.max(0, width), "height", Math.max(0, height));
        return finishShape("rect", tooltip, attributes);
    }

    public Svg circle(double cx, double cy, double r, String tooltip, Object... attributes) {
        out.append("<circle");
        attributes(out, "cx", cx, "cy", cy, "r", r);
        return finishShape("circle", tooltip, attributes);
    }

    /** Text at (x, y); the text itself is escaped. */
    public Svg text(double x, double y, String text, Object... attributes) {
        out.append("<text");
        attributes(out, "x", x, "y", y);
        attributes(out, attributes);
        out.append('>');
        Html.appendEscaped(out, text);
        out.append("</text>");
        return this;
    }

    /** A title child: the tooltip of the enclosing element, or the accessible name of the drawing. */
    public Svg title(String text) {
        out.append("<title>");
        Html.appendEscaped(out, text);
        out.append("</title>");
        return this;
    }

    /** Opens a group; close it with {@link #end()}. */
    public Svg group(Object... attributes) {
        out.append("<g");
        attributes(out, attributes);
        out.append('>');
        depth++;
        return this;
    }

    /** Appends markup the caller vouches for, such as a defs block of constant text. */
    public Svg raw(String markup) {
        out.append(markup);
        return this;
    }

    public Svg end() {
        if (depth <= 1) {
            throw new IllegalStateException("no open group to end");
        }
        out.append("</g>");
        depth--;
        return this;
    }

    /** Closes the svg element and returns the markup; the builder cannot be used after. */
    public String render() {
        if (closed) {
            throw new IllegalStateException("already rendered");
        }
        if (depth != 1) {
            throw new IllegalStateException(depth - 1 + " group(s) still open");
        }
        closed = true;
        return out.append("</svg>").toString();
    }

    private Svg finishShape(String tag, String tooltip, Object... attributes) {
        attributes(out, attributes);
        if (tooltip == null) {
            out.append("/>");
        } else {
            out.append("><title>");
            Html.appendEscaped(out, tooltip);
            out.append("</title></").append(tag).append('>');
        }
        return this;
    }

    /** Appends name="value" pairs; a null value leaves the attribute out. */
    static void attributes(StringBuilder out, Object... pairs) {
        if (pairs.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name, value pairs");
        }
        for (int i = 0; i < pairs.length; i += 2) {
            Object value = pairs[i + 1];
            if (value == null) {
                continue;
            }
            out.append(' ').append(pairs[i]).append("=\"");
            if (value instanceof Double || value instanceof Float) {
                out.append(Num.fmt(((Number) value).doubleValue()));
            } else {
                Html.appendEscaped(out, value.toString());
            }
            out.append('"');
        }
    }
}
