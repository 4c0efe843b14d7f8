package dev.zksim.client;

/**
 * The handle's state as callers see it. CONNECTING covers the backoff sleep, the TCP
 * connect and the handshake; CONNECTED starts with the ConnectResponse; CLOSED is final and
 * follows an expiry (server or client side) or a completed {@code close()}.
 */
public enum ClientState {
    CONNECTING,
    CONNECTED,
    CLOSED
}
