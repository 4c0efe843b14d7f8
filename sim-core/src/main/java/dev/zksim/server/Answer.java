package dev.zksim.server;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.protocol.Response;
import dev.zksim.server.watch.WatchDelivery;
import java.util.List;

/**
 * The answer to one request before it becomes a Reply: the error code, the body (null
 * unless the code is 0) and the notifications that must precede it (setWatches catch-up).
 */
record Answer(int err, Response response, List<WatchDelivery> notifications) {
    Answer {
        notifications = List.copyOf(notifications);
    }

    static Answer ok(Response response) {
        return new Answer(0, response, List.of());
    }

    static Answer error(Code code) {
        return error(code.intValue());
    }

    static Answer error(int err) {
        return new Answer(err, null, List.of());
    }
}
