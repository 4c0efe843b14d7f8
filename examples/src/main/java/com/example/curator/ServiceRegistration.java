package com.example.curator;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.x.discovery.ServiceCache;
import org.apache.curator.x.discovery.ServiceDiscovery;
import org.apache.curator.x.discovery.ServiceDiscoveryBuilder;
import org.apache.curator.x.discovery.ServiceInstance;
import org.apache.curator.x.discovery.ServiceType;

/**
 * A team's registration of one instance of a service through Curator's service discovery, as
 * a service announces itself to its clients (Spring Cloud Zookeeper and Dubbo register the
 * same way): the instance is registered once, as an ephemeral (DYNAMIC) instance, and the team
 * relies on Curator to register it again after a lost session; its view of the service is a
 * ServiceCache of the same service.
 */
public final class ServiceRegistration implements Closeable {
    private final ServiceDiscovery<String> discovery;
    private final ServiceInstance<String> instance;
    private boolean started;
    private boolean registered;
    private volatile ServiceCache<String> peers;

    /** The instance {@code id} of {@code service} under {@code basePath}; nothing is written before {@link #register}. */
    public ServiceRegistration(CuratorFramework curator, String basePath, String service, String id) {
        this.instance = new ServiceInstance<>(service, id, "10.0.0.1", 8080, null, id + "@10.0.0.1:8080", 0,
                ServiceType.DYNAMIC, null);
        this.discovery = ServiceDiscoveryBuilder.builder(String.class).client(curator).basePath(basePath).build();
    }

    /**
     * Starts discovery, registers the instance and starts the view of its service, each once:
     * a call after one of them failed goes on from there (a ServiceCache cannot be started
     * twice, so a failed one is dropped). Once registered, the instance is Curator's to
     * register again on every reconnection.
     */
    public void register() throws Exception {
        if (!started) {
            discovery.start();
            started = true;
        }
        if (!registered) {
            discovery.registerService(instance);
            registered = true;
        }
        if (peers == null) {
            ServiceCache<String> cache = discovery.serviceCacheBuilder().name(instance.getName()).build();
            try {
                cache.start();
            } catch (Exception e) {
                cache.close();
                throw e;
            }
            peers = cache;
        }
    }

    @Override
    public void close() throws IOException {
        ServiceCache<String> cache = peers;
        if (cache != null) {
            cache.close();
        }
        discovery.close();
    }

    /** The ids of the service's instances the view knows of, sorted; empty before the view has started. */
    public Optional<List<String>> instances() {
        ServiceCache<String> cache = peers;
        if (cache == null) {
            return Optional.empty();
        }
        List<String> ids = new ArrayList<>();
        for (ServiceInstance<String> peer : cache.getInstances()) {
            ids.add(peer.getId());
        }
        ids.sort(null);
        return Optional.of(ids);
    }
}
