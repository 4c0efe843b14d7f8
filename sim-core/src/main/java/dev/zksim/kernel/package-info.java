/**
 * The simulation kernel: the virtual clock and the event queue ordered by (time, insertion
 * sequence), cancellable timers, the run loop with its bounds, the registry of open waits
 * that explains a stuck run, and the typed failures with their exit codes (with which
 * exceptions of the code under test are bugs of that code, {@code ProgrammingErrors}); for the explorer,
 * stepping one event at a time and an order-independent digest of the pending events. Sub-packages hold
 * choices, the network, the disk, processes and the trace.
 */
package dev.zksim.kernel;
