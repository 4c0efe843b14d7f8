package dev.zksim.official;

import dev.zksim.client.SimZooKeeper;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.official.threads.SimulatedThreads;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import org.apache.zookeeper.Watcher;

/**
 * Makes drop-in handles. A {@link SimulatedZooKeeper} is allocated through the JDK's
 * serialization constructor ({@code sun.reflect.ReflectionFactory}, in the exported
 * {@code jdk.unsupported} module): the object is created running only {@code Object()}, so
 * none of ZooKeeper's constructors run and no ClientCnxn, socket or thread is made. Pulsar's
 * MockZooKeeper reaches the same end with Objenesis, which wraps this very mechanism.
 */
public final class OfficialClients {
    private static final Constructor<?> ALLOCATOR = allocator();

    private OfficialClients() {
    }

    /**
     * A new handle, and so a new session, for a running client process, with
     * {@code watcher} as its default watcher (null for none), like
     * {@code new ZooKeeper(connectString, sessionTimeout, watcher)}. Its callbacks and
     * watchers run on a new simulated event thread of {@code threads}.
     */
    public static SimulatedZooKeeper open(SimProcess process, Network network, List<String> servers,
            int sessionTimeoutMs, SimulatedThreads threads, Watcher watcher) {
        SimulatedZooKeeper dropIn = allocate();
        SimZooKeeper simulated = new SimZooKeeper(process, network, servers, sessionTimeoutMs, dropIn::deliverDefault);
        dropIn.attach(simulated, new EventThread(threads, "zk-events-" + process.id()), watcher);
        return dropIn;
    }

    /**
     * A drop-in over an existing simulated handle. The handle's default-watcher events must
     * be passed on with {@link #deliverDefault}, because its default watcher was fixed when
     * it was built.
     */
    public static SimulatedZooKeeper wrap(SimZooKeeper simulated, String name, SimulatedThreads threads,
            Watcher watcher) {
        SimulatedZooKeeper dropIn = allocate();
        dropIn.attach(simulated, new EventThread(threads, "zk-events-" + name), watcher);
        return dropIn;
    }

    /** Passes a default-watcher event of a wrapped handle on to the drop-in's default watcher. */
    public static void deliverDefault(SimulatedZooKeeper dropIn, dev.zksim.api.WatchedEvent event) {
        dropIn.deliverDefault(event);
    }

    private static SimulatedZooKeeper allocate() {
        try {
            return (SimulatedZooKeeper) ALLOCATOR.newInstance();
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot allocate the drop-in ZooKeeper: " + e, e);
        }
    }

    @SuppressForbidden("allocates the drop-in without running ZooKeeper's constructors, which start threads")
    private static Constructor<?> allocator() {
        try {
            Constructor<Object> objectConstructor = Object.class.getDeclaredConstructor();
            return sun.reflect.ReflectionFactory.getReflectionFactory()
                    .newConstructorForSerialization(SimulatedZooKeeper.class, objectConstructor);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("no Object() constructor", e);
        }
    }
}
