package dev.zksim.api;

/** The connection state carried by a watch notification, with ZooKeeper's wire values. */
public enum KeeperState {
    Disconnected(0),
    SyncConnected(3),
    AuthFailed(4),
    ConnectedReadOnly(5),
    SaslAuthenticated(6),
    Expired(-112),
    Closed(7);

    private final int intValue;

    KeeperState(int intValue) {
        this.intValue = intValue;
    }

    public int getIntValue() {
        return intValue;
    }

    public static KeeperState fromInt(int value) {
        for (KeeperState state : values()) {
            if (state.intValue == value) {
                return state;
            }
        }
        throw new IllegalArgumentException("Invalid keeper state: " + value);
    }
}
