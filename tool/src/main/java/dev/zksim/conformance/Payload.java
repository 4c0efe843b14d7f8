package dev.zksim.conformance;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The data argument of a create or setData: null, a short text (empty included) or a
 * payload over jute.maxbuffer. Null and empty are different observables in ZooKeeper, so
 * they are different payloads here.
 */
public sealed interface Payload {
    /** One byte more than ZooKeeper's default jute.maxbuffer (0xfffff), so the request is too big. */
    int OVERSIZED_BYTES = 0x100000;

    /** The bytes to send; a fresh array each time, since clients may keep it. */
    byte[] bytes();

    /** How the payload reads in a script. */
    String render();

    record Null() implements Payload {
        @Override
        public byte[] bytes() {
            return null;
        }

        @Override
        public String render() {
            return "null";
        }
    }

    record Text(String text) implements Payload {
        @Override
        public byte[] bytes() {
            return text.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String render() {
            return "\"" + text + "\"";
        }
    }

    record Oversized() implements Payload {
        @Override
        public byte[] bytes() {
            byte[] data = new byte[OVERSIZED_BYTES];
            Arrays.fill(data, (byte) 'x');
            return data;
        }

        @Override
        public String render() {
            return "<" + OVERSIZED_BYTES + " bytes>";
        }
    }

    /**
     * A payload of exactly this many bytes, for the programs that probe the client's reply
     * limit: data the server accepts but whose getData reply may be too long to read.
     */
    record Sized(int size) implements Payload {
        public Sized {
            if (size < 0 || size >= OVERSIZED_BYTES) {
                throw new IllegalArgumentException("a sized payload is 0 to " + (OVERSIZED_BYTES - 1) + " bytes: " + size);
            }
        }

        @Override
        public byte[] bytes() {
            byte[] data = new byte[size];
            Arrays.fill(data, (byte) 'x');
            return data;
        }

        @Override
        public String render() {
            return "<" + size + " bytes>";
        }
    }

    /** Renders data read back from a node the way a payload renders, for comparison. */
    static String renderData(byte[] data) {
        if (data == null) {
            return "null";
        }
        if (data.length > 64) {
            return "<" + data.length + " bytes>";
        }
        return "\"" + new String(data, StandardCharsets.UTF_8) + "\"";
    }
}
