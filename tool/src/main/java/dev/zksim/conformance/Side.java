package dev.zksim.conformance;

/** One implementation the programs run on: zksim's simulation or a real ZooKeeper. */
public interface Side extends AutoCloseable {

    /** A short name for reports, such as "zksim/1" or "zookeeper/3". */
    String name();

    /** Runs the program from a clean start and returns everything it observed. */
    Outcome run(Program program);

    @Override
    void close();
}
