package dev.zksim.official.testkit;

import org.apache.zookeeper.ZooKeeper;

/**
 * What the simulation hands code written for the official client when the testkit runs it:
 * one simulated client process, whose ZooKeeper handles the simulation makes, as an
 * application's connection holder would. Pass {@code client::zk} to a recipe that takes a
 * {@code Supplier<ZooKeeper>}, so that the recipe class itself knows only
 * {@code org.apache.zookeeper}.
 */
public interface OfficialClient {

    /** The client process's id: c1, c2, ... */
    String id();

    /**
     * A name unique to this recipe instance among every instance of the run, across restarts
     * of the process (e.g. {@code c2i3}): what a real client would use a UUID for.
     */
    String uniqueName();

    /**
     * The handle of the client's current session. Once that session has expired the
     * application builds a new handle; here the simulation does, shortly after
     * {@code Expired}, and from then on this returns the new one (the old one stays dead, as
     * an expired official handle does). Called on a simulated thread between the expiry and
     * the new handle, it waits (in virtual time) for the new one, as a caller of an
     * application's connection holder waits for the reconnect; interrupted there, it keeps
     * the interrupt and returns the dead handle, whose next blocking call then throws.
     */
    ZooKeeper zk();

    /** Virtual time in milliseconds: use it where the recipe would read the wall clock. */
    long currentTimeMillis();

    /** Sleeps in virtual time: use it where the recipe would call {@code Thread.sleep}. */
    void sleep(long millis) throws InterruptedException;
}
