package dev.zksim.server.watch;

import dev.zksim.api.WatchedEvent;
import java.util.Objects;

/** One notification the server must write onto one connection. */
public record WatchDelivery(long connectionId, WatchedEvent event) {

    public WatchDelivery {
        Objects.requireNonNull(event, "event");
    }
}
