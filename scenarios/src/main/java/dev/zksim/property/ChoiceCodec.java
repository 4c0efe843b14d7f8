package dev.zksim.property;

import dev.zksim.kernel.choice.ChoiceLog;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The bytes a reproduce line carries for a choice log, before compression. Each stream is its
 * label and its draws, each draw one token: a small value is itself, a value whose low bits
 * are zero (the shrinker coarsens a 53-bit uniform draw to its top few bits) is its
 * significant bits and a shift, so a coarsened delay takes two or three bytes instead of
 * eight. Runs of zeros are left to the compressor that follows, which makes a run of a
 * thousand zero draws a handful of bytes; trailing zeros are not written at all by the
 * shrinker, since a replayed stream that runs out draws 0.
 *
 * <p>Lines written before this encoding start with a four-byte stream count whose first byte
 * is 0; the current encoding starts with {@link #MARKER}, so both are read.
 */
final class ChoiceCodec {
    /** The first byte of the current encoding; the older one starts with 0. */
    private static final int MARKER = 0xC5;
    /** A value with at least this many trailing zero bits is written as significant bits and shift. */
    private static final int MIN_SHIFT = 8;
    /** The token before a value too large for the other two forms. */
    private static final long ESCAPE = 1;

    private ChoiceCodec() {
    }

    static byte[] encode(ChoiceLog log) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeByte(MARKER);
            writeVarLong(out, log.labels().size());
            for (String label : log.labels()) {
                long[] values = log.values(label);
                out.writeUTF(label);
                writeVarLong(out, values.length);
                for (long value : values) {
                    writeToken(out, value);
                }
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ChoiceLog decode(byte[] raw) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(raw))) {
            boolean current = raw.length > 0 && (raw[0] & 0xFF) == MARKER;
            if (current) {
                in.readUnsignedByte();
            }
            ChoiceLog log = new ChoiceLog();
            long labels = current ? readVarLong(in) : in.readInt();
            for (long i = 0; i < labels; i++) {
                String label = in.readUTF();
                long count = current ? readVarLong(in) : in.readInt();
                for (long j = 0; j < count; j++) {
                    log.append(label, Long.MAX_VALUE, current ? readToken(in) : readVarLong(in));
                }
            }
            return log;
        } catch (IOException | ArithmeticException e) {
            throw new IllegalArgumentException("corrupt choices in reproduce line");
        }
    }

    /**
     * A plain value v is the varint of 2v; a value m * 2^s (s >= 8, m odd) is the varint of
     * ((m << 6 | s) << 1 | 1), which is shorter by s - 7 bits. A value of 2^62 or more (only a
     * draw bounded by Long.MAX_VALUE can be one) is the escape token 1, which no shifted value
     * gives (its m is at least 1), and then the eight bytes of the value.
     */
    private static void writeToken(DataOutputStream out, long value) throws IOException {
        long token = token(value);
        writeVarLong(out, token);
        if (token == ESCAPE) {
            out.writeLong(value);
        }
    }

    private static long token(long value) {
        int shift = Long.numberOfTrailingZeros(value);
        if (value != 0 && shift >= MIN_SHIFT && Long.numberOfLeadingZeros(value >>> shift) >= 8) {
            return ((value >>> shift) << 6 | shift) << 1 | 1;
        }
        return Long.numberOfLeadingZeros(value) >= 2 ? value << 1 : ESCAPE;
    }

    private static long readToken(DataInputStream in) throws IOException {
        long token = readVarLong(in);
        if (token == ESCAPE) {
            return in.readLong();
        }
        if ((token & 1) == 0) {
            return token >>> 1;
        }
        long rest = token >>> 1;
        int shift = (int) (rest & 63);
        return (rest >>> 6) << shift;
    }

    /** How many bytes {@link #encode} spends on one draw: the shrinker's measure of a draw's cost. */
    static int tokenBytes(long value) {
        long token = token(value);
        return token == ESCAPE ? 9 : Math.max(1, (64 - Long.numberOfLeadingZeros(token) + 6) / 7);
    }

    /** LEB128: draws are mostly small, so most take one byte. */
    private static void writeVarLong(DataOutputStream out, long value) throws IOException {
        long rest = value;
        while ((rest & ~0x7FL) != 0) {
            out.writeByte((int) ((rest & 0x7F) | 0x80));
            rest >>>= 7;
        }
        out.writeByte((int) rest);
    }

    private static long readVarLong(DataInputStream in) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.readUnsignedByte();
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("varint too long");
    }
}
