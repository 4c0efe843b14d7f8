/**
 * Charts as inline SVG, drawn without JavaScript: a line chart with linear or log axes, a
 * legend and point tooltips. The herd-effect report plots its counts with it on log-log axes.
 */
package dev.zksim.report.chart;
