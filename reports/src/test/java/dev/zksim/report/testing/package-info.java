/** Test fixtures shared by the report tests: a sample trace, the XML check and the headless browser. */
package dev.zksim.report.testing;
