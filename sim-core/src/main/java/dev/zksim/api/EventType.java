package dev.zksim.api;

/** The type of a watch notification, with ZooKeeper's wire values. */
public enum EventType {
    None(-1),
    NodeCreated(1),
    NodeDeleted(2),
    NodeDataChanged(3),
    NodeChildrenChanged(4),
    DataWatchRemoved(5),
    ChildWatchRemoved(6),
    PersistentWatchRemoved(7);

    private final int intValue;

    EventType(int intValue) {
        this.intValue = intValue;
    }

    public int getIntValue() {
        return intValue;
    }

    public static EventType fromInt(int value) {
        for (EventType type : values()) {
            if (type.intValue == value) {
                return type;
            }
        }
        throw new IllegalArgumentException("Invalid event type: " + value);
    }
}
