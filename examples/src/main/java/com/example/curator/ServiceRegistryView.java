package com.example.curator;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.x.discovery.ServiceCache;
import org.apache.curator.x.discovery.ServiceDiscovery;
import org.apache.curator.x.discovery.ServiceDiscoveryBuilder;
import org.apache.curator.x.discovery.ServiceInstance;
import org.apache.curator.x.discovery.details.InstanceSerializer;
import org.apache.curator.x.discovery.details.ServiceCacheListener;

/**
 * A service's view of the instances of another service, kept with Curator's service discovery
 * (curator-x-discovery), as a team writes it: a {@code ServiceCache} of the service's
 * directory, whose {@code cacheChanged} makes the application read {@code getInstances()}
 * again. Each instance's record is the text {@code id/address}, which names its instance the
 * way a service instance's JSON names its id.
 *
 * <p>ServiceCache keeps its instances from the events of a CuratorCache, which tells nothing
 * of a node deleted and created again at the version it had: an instance that registers again
 * with a new address while this view's connection is down stays at its old address here
 * (docs/curator-findings.md, "Caches").
 */
public final class ServiceRegistryView implements Closeable {
    private final ServiceDiscovery<String> discovery;
    private final ServiceCache<String> cache;

    /** A view of {@code service}'s instances under {@code basePath}; nothing is read before {@link #start}. */
    public ServiceRegistryView(CuratorFramework curator, String basePath, String service) {
        this.discovery = ServiceDiscoveryBuilder.builder(String.class).client(curator).basePath(basePath)
                .serializer(new TextRecords(service)).build();
        this.cache = discovery.serviceCacheBuilder().name(service).build();
    }

    /** Starts discovery and the cache; returns once the cache has loaded the directory. */
    public void start() throws Exception {
        discovery.start();
        cache.start();
    }

    /** Runs {@code changed} whenever the cache says the instances changed. */
    public void onChange(Runnable changed) {
        cache.addListener(new ServiceCacheListener() {
            @Override
            public void cacheChanged() {
                changed.run();
            }

            @Override
            public void stateChanged(CuratorFramework client, ConnectionState newState) {
                // The cache reloads on its own after a reconnect.
            }
        });
    }

    /** The instances the view knows of: each instance's id with its whole record. */
    public SortedMap<String, String> instances() {
        SortedMap<String, String> instances = new TreeMap<>();
        for (ServiceInstance<String> instance : cache.getInstances()) {
            instances.put(instance.getId(), instance.getPayload());
        }
        return instances;
    }

    @Override
    public void close() throws IOException {
        cache.close();
        discovery.close();
    }

    /** Records as the text {@code id/address}: the instance's id is the part before the slash. */
    private record TextRecords(String service) implements InstanceSerializer<String> {
        @Override
        public byte[] serialize(ServiceInstance<String> instance) {
            return instance.getPayload().getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public ServiceInstance<String> deserialize(byte[] bytes) {
            String record = new String(bytes, StandardCharsets.UTF_8);
            String id = record.substring(0, Math.max(0, record.indexOf('/')));
            return new ServiceInstance<>(service, id, null, null, null, record, 0, null, null);
        }
    }
}
