package dev.zksim.kernel.trace;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * Builds, once per record class, the method handle that writes a record's components for
 * the {@link DigestEncoder}: a chain of the record's own accessors, each feeding the writer
 * its declared type asks for (primitives without boxing, strings without the type test of
 * an arbitrary value). The JDK compiles a handle that has been invoked often into code
 * specialised for it, where the accessors inline; reading every component through one
 * shared call site instead (a function object per component) made the encoder a third of
 * a traced run. No class file is generated here, so this works on every JDK from 21 on.
 */
final class RecordEncoders {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    /** (DigestEncoder, long fingerprint) -> void. */
    private static final MethodHandle HEADER = find("writeRecordHeader", long.class);
    /** (DigestEncoder, int tag, long value) -> void. */
    private static final MethodHandle TAGGED_LONG = find("writeTaggedLong", int.class, long.class);
    private static final MethodHandle DOUBLE = find("writeDoubleValue", double.class);
    private static final MethodHandle BOOLEAN = find("writeBooleanValue", boolean.class);
    private static final MethodHandle STRING = find("writeStringValue", String.class);
    private static final MethodHandle ANY = find("writeValue", Object.class);
    /** (DigestEncoder, long fingerprint, Enum constant) -> void. */
    private static final MethodHandle ENUM = find("writeEnumValue", long.class, Enum.class);
    /** (DigestEncoder, Object) -> void: the tag of a null component. */
    private static final MethodHandle NULL = MethodHandles.dropArguments(find("writeNullValue"), 1, Object.class);
    /** (DigestEncoder, Object) -> boolean: whether the component is null. */
    private static final MethodHandle IS_NULL = MethodHandles.dropArguments(isNull(), 0, DigestEncoder.class);
    /**
     * The record classes whose encoders this thread is building: a component of such a type
     * (a record that holds itself, directly or through others) is written as any value is,
     * since its own encoder does not exist yet.
     */
    private static final ThreadLocal<Set<Class<?>>> BUILDING = ThreadLocal.withInitial(LinkedHashSet::new);

    private RecordEncoders() {
    }

    private static MethodHandle isNull() {
        try {
            return LOOKUP.findStatic(Objects.class, "isNull", MethodType.methodType(boolean.class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static MethodHandle find(String name, Class<?>... parameters) {
        try {
            return LOOKUP.findVirtual(DigestEncoder.class, name, MethodType.methodType(void.class, parameters));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The encoder of one record class, of type (DigestEncoder, Object) -> void: the record's
     * tag and fingerprint, then each component in declaration order with its tag.
     */
    static MethodHandle of(Class<?> recordType, long fingerprint) {
        Set<Class<?>> building = BUILDING.get();
        building.add(recordType);
        try {
            return build(recordType, fingerprint, building);
        } finally {
            building.remove(recordType);
        }
    }

    private static MethodHandle build(Class<?> recordType, long fingerprint, Set<Class<?>> building) {
        MethodHandle encoder = MethodHandles.dropArguments(MethodHandles.insertArguments(HEADER, 1, fingerprint), 1,
                Object.class);
        try {
            // Records nested in package-private types are not public; every zksim class sits on
            // the class path, in the unnamed module, where a private lookup is granted.
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(recordType, LOOKUP);
            for (RecordComponent component : recordType.getRecordComponents()) {
                MethodHandle step = componentWriter(component.getType(), lookup.unreflect(component.getAccessor()),
                        building);
                encoder = MethodHandles.foldArguments(step, encoder);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read the components of " + recordType.getName(), e);
        }
        return encoder;
    }

    /**
     * Whether this class may read the record's components. One that it may not (a record of a
     * module that does not open its package) is written as any value is, so that it fails
     * only if such a value is ever encoded, as it did before components were typed.
     */
    private static boolean readable(Class<?> recordType) {
        try {
            MethodHandles.privateLookupIn(recordType, LOOKUP);
            return true;
        } catch (IllegalAccessException e) {
            return false;
        }
    }

    /** (DigestEncoder, Object record) -> void: reads one component and writes it as its declared type asks. */
    private static MethodHandle componentWriter(Class<?> type, MethodHandle accessor, Set<Class<?>> building) {
        MethodHandle writer;
        Class<?> read;
        if (type == long.class || type == int.class || type == short.class || type == byte.class || type == char.class) {
            int tag = type == long.class ? DigestEncoder.LONG : type == char.class ? DigestEncoder.CHAR : DigestEncoder.INT;
            writer = MethodHandles.insertArguments(TAGGED_LONG, 1, tag);
            read = long.class;
        } else if (type == double.class || type == float.class) {
            writer = DOUBLE;
            read = double.class;
        } else if (type == boolean.class) {
            writer = BOOLEAN;
            read = boolean.class;
        } else if (type == String.class) {
            writer = STRING;
            read = String.class;
        } else if (type.isEnum()) {
            // An enum constant's declaring class is the declared type itself, so its
            // fingerprint is known now instead of looked up for every value.
            writer = MethodHandles.insertArguments(ENUM, 1, DigestEncoder.fingerprint(type.getName()));
            read = Enum.class;
        } else if (type.isRecord() && !building.contains(type) && readable(type)) {
            // A record class is final: a component declared as one holds that very class or
            // null, so its encoder is called directly instead of found by the value's class.
            writer = MethodHandles.guardWithTest(IS_NULL, NULL, DigestEncoder.recordEncoder(type));
            read = Object.class;
        } else {
            writer = ANY;
            read = Object.class;
        }
        return MethodHandles.filterArguments(writer, 1, accessor.asType(MethodType.methodType(read, Object.class)));
    }
}
