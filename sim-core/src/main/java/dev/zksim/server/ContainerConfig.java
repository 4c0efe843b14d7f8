package dev.zksim.server;

/**
 * ZooKeeper's container manager settings (system properties of the same names, read by
 * {@code ZooKeeperServerMain} and the leader): how often the leader looks for containers and
 * TTL nodes to delete, how fast it deletes them, after how long a container that never had
 * a child goes too, and whether the server accepts TTL nodes at all.
 *
 * @param checkIntervalMs znode.container.checkIntervalMs: the period of the check (60 s)
 * @param maxPerMinute znode.container.maxPerMinute: deletions are spaced 60000 / maxPerMinute
 *     ms apart (10,000 a minute, so 6 ms)
 * @param maxNeverUsedIntervalMs znode.container.maxNeverUsedIntervalMs: a container that never
 *     had a child is deleted once this old; 0 (the default) keeps it for ever
 * @param extendedTypes zookeeper.extendedTypesEnabled: TTL creates are served. ZooKeeper's
 *     default is off (they answer Unimplemented); the simulated server's is on, so that code
 *     using TTL nodes runs, and the conformance tests start their real server with it on
 */
public record ContainerConfig(int checkIntervalMs, int maxPerMinute, long maxNeverUsedIntervalMs,
        boolean extendedTypes) {
    /** ZooKeeper 3.9's manager defaults, with TTL nodes served. */
    public static final ContainerConfig DEFAULT = new ContainerConfig(60_000, 10_000, 0, true);

    public ContainerConfig {
        if (checkIntervalMs <= 0 || maxPerMinute <= 0 || maxNeverUsedIntervalMs < 0) {
            throw new IllegalArgumentException("container settings: the interval and the rate must be positive,"
                    + " the never-used interval at least 0");
        }
    }

    /** These settings with another check period, e.g. a short one for a test. */
    public ContainerConfig withCheckIntervalMs(int intervalMs) {
        return new ContainerConfig(intervalMs, maxPerMinute, maxNeverUsedIntervalMs, extendedTypes);
    }

    /** These settings with TTL creates served or answered Unimplemented, as ZooKeeper's default. */
    public ContainerConfig withExtendedTypes(boolean enabled) {
        return new ContainerConfig(checkIntervalMs, maxPerMinute, maxNeverUsedIntervalMs, enabled);
    }

    /** The pause between two deletions of one check, as ZooKeeper computes it (whole ms). */
    public long spacingMs() {
        return 60_000L / maxPerMinute;
    }
}
