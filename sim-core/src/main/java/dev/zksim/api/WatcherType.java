package dev.zksim.api;

/**
 * Which watches a removeWatches or removeAllWatches call removes (ZooKeeper's
 * {@code Watcher.WatcherType}), with ZooKeeper's wire values. Data covers the watches of
 * exists and getData, Children those of getChildren, Persistent and PersistentRecursive
 * those of addWatch, and Any all of them.
 */
public enum WatcherType {
    Children(1),
    Data(2),
    Any(3),
    Persistent(4),
    PersistentRecursive(5);

    private final int intValue;

    WatcherType(int intValue) {
        this.intValue = intValue;
    }

    public int getIntValue() {
        return intValue;
    }

    public static WatcherType fromInt(int value) {
        for (WatcherType type : values()) {
            if (type.intValue == value) {
                return type;
            }
        }
        throw new IllegalArgumentException("Invalid watcher type: " + value);
    }
}
