package dev.zksim.server.tree;

/**
 * ZooKeeper's permission bits. The simulation supports only world:anyone ACLs, so a
 * node's ACL is just the set of permissions granted to everyone: ALL for every node a
 * client creates, READ for /zookeeper/config.
 */
public final class Perms {
    public static final int READ = 1;
    public static final int WRITE = 1 << 1;
    public static final int CREATE = 1 << 2;
    public static final int DELETE = 1 << 3;
    public static final int ADMIN = 1 << 4;
    public static final int ALL = READ | WRITE | CREATE | DELETE | ADMIN;

    private Perms() {
    }
}
