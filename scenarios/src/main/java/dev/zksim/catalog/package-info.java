/**
 * The named scenarios: one or more per recipe plus mixed ones, each a sentence people can
 * read, with the swarm knobs the seed picks for the ensemble.
 */
package dev.zksim.catalog;
