/**
 * Recipe variants that are broken on purpose, each in a way that only one capability of the
 * testbed exposes (a request fault, a drawn order, a size limit, a counter near overflow).
 * Each has a test that expects it to fail: a capability whose canary passes proves nothing.
 * Never use these classes for anything else.
 */
package dev.zksim.recipes.canary;
