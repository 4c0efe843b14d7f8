package dev.zksim.kernel.trace;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.RandomAccess;

/**
 * The compact binary form of a trace record that the run's digest is computed over: the
 * structured fields themselves (numbers as eight little-endian bytes, strings as their
 * characters, enums as ordinals, records as their components in declaration order, lists
 * element by element), each behind a one-byte tag so that different shapes can never
 * encode alike. Nothing is rendered to text: rendering every delivered message, payload
 * included, was a third of a sweep's CPU and allocation. Objects that are none of these
 * fall back to their toString, which TraceEvent's contract already requires to be stable.
 *
 * <p>A record or enum class is identified by a 64-bit fingerprint of its name, computed
 * once per class; a record's components are written by a method handle built once per
 * class too ({@link RecordEncoders}: primitives without boxing). The encoding
 * depends only on the values and the class names, so it is the same in every JVM. One
 * instance is reused for every record of a trace and is not thread-safe.
 */
final class DigestEncoder {
    private static final byte NULL = 0;
    private static final byte STRING = 1;
    static final byte LONG = 2;
    static final byte INT = 3;
    private static final byte BOOLEAN = 4;
    private static final byte DOUBLE = 5;
    private static final byte ENUM = 6;
    private static final byte RECORD = 7;
    private static final byte BYTES = 8;
    private static final byte LIST = 9;
    private static final byte COLLECTION = 10;
    private static final byte MAP = 11;
    private static final byte OPTIONAL = 12;
    private static final byte TEXT = 13;
    static final byte CHAR = 14;

    /** What is needed to encode one record or enum class: its fingerprint and, for a record, its encoder. */
    private record Shape(long fingerprint, MethodHandle encoder) {
    }

    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            long fingerprint = fingerprint(type.getName());
            return new Shape(fingerprint, type.isRecord() ? RecordEncoders.of(type, fingerprint) : null);
        }
    };

    private static final VarHandle LONG_VIEW = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** How many classes {@link #shape} keeps at hand; a power of two. */
    private static final int SHAPE_SLOTS = 256;

    /**
     * The shapes this encoder used last, one class per slot, chosen by the hash of the class's
     * name: a run encodes a few dozen classes over and over, and two field reads here are
     * cheaper than the {@link ClassValue}'s lookup behind it. The name's hash, not the class's
     * identity hash, picks the slot, because the agent's runs give every object the same
     * identity hash.
     */
    private final Class<?>[] shapeTypes = new Class<?>[SHAPE_SLOTS];
    private final Shape[] shapes = new Shape[SHAPE_SLOTS];
    private byte[] buffer = new byte[512];
    /** Scratch space for the characters of the string being written. */
    private char[] chars = new char[64];
    private int size;

    /** Starts a new record; the previous one's bytes are discarded. */
    void reset() {
        size = 0;
    }

    byte[] buffer() {
        return buffer;
    }

    int size() {
        return size;
    }

    /** The record's header: its time and process, which every trace record has. */
    void writeHeader(long time, String process) {
        writeLong(time);
        writeString(process);
    }

    /** Appends one value with its tag; records, lists and maps are encoded recursively. */
    void writeValue(Object value) {
        switch (value) {
            case null -> writeByte(NULL);
            case String text -> {
                writeByte(STRING);
                writeString(text);
            }
            case Long number -> {
                writeByte(LONG);
                writeLong(number);
            }
            case Integer number -> {
                writeByte(INT);
                writeLong(number);
            }
            case Short number -> {
                writeByte(INT);
                writeLong(number);
            }
            case Byte number -> {
                writeByte(INT);
                writeLong(number);
            }
            case Boolean flag -> writeByte(flag ? BOOLEAN | 0x40 : BOOLEAN);
            case Character character -> {
                writeByte(CHAR);
                writeLong(character);
            }
            case Double number -> {
                writeByte(DOUBLE);
                writeLong(Double.doubleToLongBits(number));
            }
            case Float number -> {
                writeByte(DOUBLE);
                writeLong(Double.doubleToLongBits(number));
            }
            case Enum<?> constant -> writeEnumValue(shape(constant.getDeclaringClass()).fingerprint(), constant);
            case Record record -> writeRecord(record);
            case byte[] bytes -> writeBytes(bytes);
            default -> writeOther(value);
        }
    }

    private void writeRecord(Record record) {
        MethodHandle encoder = shape(record.getClass()).encoder();
        try {
            encoder.invokeExact(this, (Object) record);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot encode " + record.getClass().getName(), e);
        }
    }

    /** The encoder of a record class, (DigestEncoder, Object) -> void, for one record's encoder to call another's. */
    static MethodHandle recordEncoder(Class<?> recordType) {
        return SHAPES.get(recordType).encoder();
    }

    private Shape shape(Class<?> type) {
        int slot = type.getName().hashCode() & (SHAPE_SLOTS - 1);
        if (shapeTypes[slot] == type) {
            return shapes[slot];
        }
        Shape shape = SHAPES.get(type);
        shapeTypes[slot] = type;
        shapes[slot] = shape;
        return shape;
    }

    // ---- The writers a record's encoder calls (RecordEncoders) ---------------------------

    /** A null component of a record or enum type: the same byte {@link #writeValue} writes for null. */
    void writeNullValue() {
        writeByte(NULL);
    }

    /** An enum value or component, or null, its class's fingerprint known. */
    void writeEnumValue(long fingerprint, Enum<?> constant) {
        if (constant == null) {
            writeByte(NULL);
        } else {
            writeByte(ENUM);
            writeLong(fingerprint);
            writeLong(constant.ordinal());
        }
    }

    void writeRecordHeader(long fingerprint) {
        writeByte(RECORD);
        writeLong(fingerprint);
    }

    void writeTaggedLong(int tag, long value) {
        writeByte(tag);
        writeLong(value);
    }

    void writeDoubleValue(double value) {
        writeByte(DOUBLE);
        writeLong(Double.doubleToLongBits(value));
    }

    void writeBooleanValue(boolean value) {
        writeByte(value ? BOOLEAN | 0x40 : BOOLEAN);
    }

    /** A string component: the same bytes {@link #writeValue} writes for a string or null. */
    void writeStringValue(String text) {
        if (text == null) {
            writeByte(NULL);
        } else {
            writeByte(STRING);
            writeString(text);
        }
    }

    private void writeOther(Object value) {
        switch (value) {
            case List<?> list when list instanceof RandomAccess -> {
                writeByte(LIST);
                writeLong(list.size());
                for (int i = 0; i < list.size(); i++) {
                    writeValue(list.get(i));
                }
            }
            case Collection<?> collection -> {
                writeByte(collection instanceof List ? LIST : COLLECTION);
                writeLong(collection.size());
                for (Object element : collection) {
                    writeValue(element);
                }
            }
            case Map<?, ?> map -> {
                writeByte(MAP);
                writeLong(map.size());
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    writeValue(entry.getKey());
                    writeValue(entry.getValue());
                }
            }
            case Optional<?> optional -> {
                writeByte(OPTIONAL);
                writeValue(optional.orElse(null));
            }
            default -> {
                writeByte(TEXT);
                writeString(value.toString());
            }
        }
    }

    private void writeBytes(byte[] bytes) {
        writeByte(BYTES);
        writeLong(bytes.length);
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, size, bytes.length);
        size += bytes.length;
    }

    /** Length, then one byte per ASCII character; any other character takes an escape and three bytes. */
    private void writeString(String text) {
        int length = text.length();
        writeLong(length);
        ensure(length * 3);
        if (chars.length < length) {
            chars = new char[Math.max(length, chars.length * 2)];
        }
        // One bulk copy out of the string, then a loop over an array held in locals: reading
        // it a charAt at a time was a tenth of a traced run.
        text.getChars(0, length, chars, 0);
        byte[] out = buffer;
        int at = size;
        for (int i = 0; i < length; i++) {
            char c = chars[i];
            if (c < 0x7F) {
                out[at++] = (byte) c;
            } else {
                out[at++] = (byte) 0x7F;
                out[at++] = (byte) (c >>> 8);
                out[at++] = (byte) c;
            }
        }
        size = at;
    }

    /**
     * Eight bytes in one store: numbers (times, zxids, ids) mostly need four or more bytes,
     * and a variable-length loop's branches cost more than hashing the extra bytes.
     */
    private void writeLong(long value) {
        ensure(8);
        LONG_VIEW.set(buffer, size, value);
        size += 8;
    }

    private void writeByte(int value) {
        ensure(1);
        buffer[size++] = (byte) value;
    }

    private void ensure(int more) {
        if (size + more > buffer.length) {
            byte[] bigger = new byte[Math.max(buffer.length * 2, size + more)];
            System.arraycopy(buffer, 0, bigger, 0, size);
            buffer = bigger;
        }
    }

    /** FNV-1a over the UTF-8 name: the same in every JVM, and 64 bits wide so distinct classes do not collide. */
    static long fingerprint(String name) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xFF;
            hash *= 0x100000001b3L;
        }
        return hash;
    }
}
