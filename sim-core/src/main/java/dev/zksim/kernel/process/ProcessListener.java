package dev.zksim.kernel.process;

/** Told of lifecycle changes of processes, e.g. by the network to reset their connections. */
public interface ProcessListener {
    default void started(SimProcess process) {
    }

    default void crashed(SimProcess process) {
    }
}
