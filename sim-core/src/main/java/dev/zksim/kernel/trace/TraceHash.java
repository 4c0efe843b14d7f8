package dev.zksim.kernel.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.HexFormat;

/**
 * The rolling 128-bit hash of a trace: MurmurHash3's x64_128 mixing (Austin Appleby's public
 * domain design: two 64-bit lanes, each word multiplied, rotated and folded in, both lanes
 * finished by its 64-bit avalanche) over the stream of 64-bit little-endian words of every
 * record's encoding, each record preceded by its length in bytes and zero-padded to a whole
 * word. The digest exists to tell two runs apart, not to resist an adversary: SHA-256 was
 * a third of the digest's CPU (0.4 ms of a warm 1/10/20 lock run's 675 KB of records), this
 * about half that. It depends only on the bytes, so it is the same in every JVM.
 */
final class TraceHash {
    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;
    private static final VarHandle LONG_VIEW = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private long h1;
    private long h2;
    /** A word waiting for its partner: the lanes take words two at a time, as MurmurHash3's blocks. */
    private long pending;
    private boolean hasPending;
    private long words;

    /** A copy that goes on independently, so a digest can be read while the trace goes on. */
    TraceHash copy() {
        TraceHash copy = new TraceHash();
        copy.h1 = h1;
        copy.h2 = h2;
        copy.pending = pending;
        copy.hasPending = hasPending;
        copy.words = words;
        return copy;
    }

    /** Takes one record's encoding: its length, then its bytes as whole words, the last one zero-padded. */
    void update(byte[] bytes, int length) {
        word(length);
        int whole = length & ~7;
        int offset = 0;
        if (hasPending && whole > 0) {
            word((long) LONG_VIEW.get(bytes, 0));
            offset = 8;
        }
        // With no word waiting for a partner, the bytes go in two words a block, as
        // MurmurHash3 reads them, without a word's bookkeeping for each.
        int blocks = (whole - offset) >>> 4;
        for (int block = 0; block < blocks; block++, offset += 16) {
            mix((long) LONG_VIEW.get(bytes, offset), (long) LONG_VIEW.get(bytes, offset + 8));
        }
        words += 2L * blocks;
        if (offset < whole) {
            word((long) LONG_VIEW.get(bytes, offset));
        }
        if (whole < length) {
            long last = 0;
            for (int i = length - 1; i >= whole; i--) {
                last = (last << 8) | (bytes[i] & 0xFFL);
            }
            word(last);
        }
    }

    private void word(long value) {
        words++;
        if (!hasPending) {
            pending = value;
            hasPending = true;
            return;
        }
        hasPending = false;
        mix(pending, value);
    }

    /** One block of MurmurHash3 x64_128: a word into each lane, then the lanes stirred together. */
    private void mix(long k1, long k2) {
        h1 ^= Long.rotateLeft(k1 * C1, 31) * C2;
        h1 = Long.rotateLeft(h1, 27) + h2;
        h1 = h1 * 5 + 0x52dce729;
        h2 ^= Long.rotateLeft(k2 * C2, 33) * C1;
        h2 = Long.rotateLeft(h2, 31) + h1;
        h2 = h2 * 5 + 0x38495ab5;
    }

    /** The 32 hex digits of the hash of everything taken so far; taking may go on. */
    String hex() {
        long a = h1;
        long b = h2;
        if (hasPending) {
            a ^= Long.rotateLeft(pending * C1, 31) * C2;
        }
        long length = words * 8;
        a ^= length;
        b ^= length;
        a += b;
        b += a;
        a = avalanche(a);
        b = avalanche(b);
        a += b;
        b += a;
        return HexFormat.of().toHexDigits(a) + HexFormat.of().toHexDigits(b);
    }

    private static long avalanche(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }
}
