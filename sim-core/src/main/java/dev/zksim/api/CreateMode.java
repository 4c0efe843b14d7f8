package dev.zksim.api;

/**
 * The kind of znode a create makes, with ZooKeeper's flag values. TTL modes are out of
 * scope (the simulated server answers them as ZooKeeper does when extended types are off).
 */
public enum CreateMode {
    PERSISTENT(0, false, false),
    EPHEMERAL(1, true, false),
    PERSISTENT_SEQUENTIAL(2, false, true),
    EPHEMERAL_SEQUENTIAL(3, true, true),
    CONTAINER(4, false, false);

    private final int flag;
    private final boolean ephemeral;
    private final boolean sequential;

    CreateMode(int flag, boolean ephemeral, boolean sequential) {
        this.flag = flag;
        this.ephemeral = ephemeral;
        this.sequential = sequential;
    }

    /** ZooKeeper's wire value of this mode. */
    public int toFlag() {
        return flag;
    }

    public boolean isEphemeral() {
        return ephemeral;
    }

    public boolean isSequential() {
        return sequential;
    }

    public boolean isContainer() {
        return this == CONTAINER;
    }

    /** The mode with ZooKeeper's flag value, or an IllegalArgumentException as the client throws. */
    public static CreateMode fromFlag(int flag) {
        for (CreateMode mode : values()) {
            if (mode.flag == flag) {
                return mode;
            }
        }
        throw new IllegalArgumentException("Received an invalid flag value: " + flag + " to convert to a CreateMode");
    }
}
