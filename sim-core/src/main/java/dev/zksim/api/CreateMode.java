package dev.zksim.api;

/**
 * The kind of znode a create makes, with ZooKeeper's flag values. The TTL modes need a ttl,
 * so they are created with {@link ZooKeeperClient#createWithTtl}; a server without extended
 * types answers them with Unimplemented.
 */
public enum CreateMode {
    PERSISTENT(0, false, false),
    EPHEMERAL(1, true, false),
    PERSISTENT_SEQUENTIAL(2, false, true),
    EPHEMERAL_SEQUENTIAL(3, true, true),
    CONTAINER(4, false, false),
    PERSISTENT_WITH_TTL(5, false, false),
    PERSISTENT_SEQUENTIAL_WITH_TTL(6, false, true);

    /** The largest ttl a TTL node can have, in ms (EphemeralType.TTL.maxValue()). */
    public static final long MAX_TTL = 0x0000_00ff_ffff_ffffL;

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

    public boolean isTTL() {
        return this == PERSISTENT_WITH_TTL || this == PERSISTENT_SEQUENTIAL_WITH_TTL;
    }

    /**
     * ZooKeeper's client check of a ttl (EphemeralType.validateTTL): a TTL mode needs one in
     * 1..{@link #MAX_TTL}, any other mode none (a negative value); otherwise
     * IllegalArgumentException.
     */
    public void validateTtl(long ttl) {
        if (isTTL() && (ttl <= 0 || ttl > MAX_TTL)) {
            throw new IllegalArgumentException("ttl must be positive and cannot be larger than: " + MAX_TTL);
        }
        if (!isTTL() && ttl >= 0) {
            throw new IllegalArgumentException("ttl not valid for mode: " + this);
        }
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
