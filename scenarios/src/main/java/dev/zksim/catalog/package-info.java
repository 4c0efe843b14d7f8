/**
 * zksim's own catalogue of named scenarios: one or more per recipe plus mixed ones and the
 * canaries, each built with the public testkit's builders from zksim's recipes (the adapters
 * such as {@code RecipeLocks} turn a recipe into the testkit's contract), exactly as a user's
 * catalogue is built from theirs. {@link dev.zksim.catalog.StandardCatalog} lists it for the
 * command line's discovery.
 */
package dev.zksim.catalog;
