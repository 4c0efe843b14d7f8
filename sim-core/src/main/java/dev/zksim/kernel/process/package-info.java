/**
 * Simulated processes: a node's behaviour object and the lifecycle around it (start, crash,
 * restart, pause, resume), with every scheduled action bound to one incarnation so that a
 * crash silences the old one and a pause defers its work.
 */
package dev.zksim.kernel.process;
