package dev.zksim.conformance;

/**
 * Which watcher a read sets: none, the handle's default watcher (watch == true), or the
 * client's one other watcher object. Two watcher objects let a program show ZooKeeper's
 * per-object dedup and that session events reach every registered watcher.
 */
public enum WatchKind {
    NONE, DEFAULT, OWN;

    String render() {
        return switch (this) {
            case NONE -> "";
            case DEFAULT -> " watch";
            case OWN -> " watch=own";
        };
    }
}
