package dev.zksim.workload;

import dev.zksim.ensemble.ClientProgram;

/** A client program that writes the history through a {@link ClientLog}. */
public interface Recorded extends ClientProgram {

    ClientLog log();
}
