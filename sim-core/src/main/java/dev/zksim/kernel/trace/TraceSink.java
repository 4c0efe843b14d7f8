package dev.zksim.kernel.trace;

/** Receives every trace record of a run as it is emitted: exporters, collectors, checkers. */
@FunctionalInterface
public interface TraceSink {
    void accept(TraceRecord record);
}
