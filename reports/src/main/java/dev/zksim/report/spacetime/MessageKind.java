package dev.zksim.report.spacetime;

import dev.zksim.kernel.net.NetEvent;

/**
 * What a delivered message is, for its colour: a watch notification to a client (the
 * thing a herd-effect diagram is about), a leader-election vote, other traffic between
 * servers (Zab), or client traffic. Both watch notifications and election votes print as
 * "Notification[...]"; a watch notification is the one a server sends to a client.
 */
public enum MessageKind {
    WATCH("watch notification"),
    ELECTION("election vote"),
    QUORUM("server to server"),
    CLIENT("client and server");

    private final String description;

    MessageKind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    public String cssClass() {
        return "m-" + name().toLowerCase(java.util.Locale.ROOT);
    }

    public static MessageKind of(NetEvent.Delivered message) {
        String text = String.valueOf(message.message());
        boolean notification = text.startsWith("Notification[");
        boolean betweenServers = Lanes.isServer(message.from()) && Lanes.isServer(message.to());
        if (notification && !betweenServers && !text.startsWith("Notification[sid=")) {
            return WATCH;
        }
        if (betweenServers) {
            return notification ? ELECTION : QUORUM;
        }
        return CLIENT;
    }
}
