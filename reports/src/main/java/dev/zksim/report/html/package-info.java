/**
 * The HTML side of every report: escaping, deterministic number text, SVG primitives and
 * the page skeleton with inline CSS. Pages are XHTML-compatible (an XML parser accepts
 * them), self-contained (no external URL) and readable without JavaScript.
 */
package dev.zksim.report.html;
