package dev.zksim.kernel.process;

/**
 * The behaviour of a simulated process: a server, a client. A node is its volatile state:
 * a crash throws the object away, and a restart builds a new one from the process's
 * factory, which can only read what survived on the {@link SimProcess#disk()}.
 */
@FunctionalInterface
public interface Node {
    /** Called once when the process starts or restarts; schedule the first work here. */
    void start();
}
