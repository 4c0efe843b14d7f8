package dev.zksim.kernel.trace;

import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Reads one component of a traced record for the {@link DigestEncoder}. Each reader is a
 * small class the JDK spins once per component (as it does for a lambda) that calls the
 * record's accessor directly: reflective {@code Method.invoke} per component and event was
 * a fifth of a sweep's CPU. Primitive components are read as primitives, so nothing is
 * boxed.
 */
sealed interface ComponentReader {
    record OfObject(Function<Object, Object> read) implements ComponentReader {
    }

    /** A long, int, short, byte or char component, written with the given tag. */
    record OfLong(ToLongFunction<Object> read, byte tag) implements ComponentReader {
    }

    record OfDouble(ToDoubleFunction<Object> read) implements ComponentReader {
    }

    record OfBoolean(Predicate<Object> read) implements ComponentReader {
    }

    /** The reader of one component of a record class. */
    @SuppressWarnings("unchecked")
    static ComponentReader of(Class<?> recordType, RecordComponent component) {
        Class<?> type = component.getType();
        try {
            // Records nested in package-private types are not public; every zksim class sits
            // on the class path, in the unnamed module, where a private lookup is granted.
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(recordType, MethodHandles.lookup());
            MethodHandle accessor = lookup.unreflect(component.getAccessor());
            if (type == long.class || type == int.class || type == short.class || type == byte.class || type == char.class) {
                byte tag = type == long.class ? DigestEncoder.LONG : type == char.class ? DigestEncoder.CHAR : DigestEncoder.INT;
                return new OfLong((ToLongFunction<Object>) spin(lookup, accessor, ToLongFunction.class, "applyAsLong",
                        long.class, recordType), tag);
            }
            if (type == double.class || type == float.class) {
                return new OfDouble((ToDoubleFunction<Object>) spin(lookup, accessor, ToDoubleFunction.class,
                        "applyAsDouble", double.class, recordType));
            }
            if (type == boolean.class) {
                return new OfBoolean((Predicate<Object>) spin(lookup, accessor, Predicate.class, "test", boolean.class,
                        recordType));
            }
            return new OfObject((Function<Object, Object>) spin(lookup, accessor, Function.class, "apply", Object.class,
                    recordType));
        } catch (Throwable e) {
            throw new IllegalStateException("cannot read component " + component + " of " + recordType.getName(), e);
        }
    }

    private static Object spin(MethodHandles.Lookup lookup, MethodHandle accessor, Class<?> functionType, String method,
                               Class<?> erasedReturn, Class<?> recordType) throws Throwable {
        Class<?> instantiatedReturn = erasedReturn == Object.class ? accessor.type().returnType() : erasedReturn;
        if (instantiatedReturn.isPrimitive() && erasedReturn == Object.class) {
            instantiatedReturn = MethodType.methodType(instantiatedReturn).wrap().returnType();
        }
        return LambdaMetafactory.metafactory(lookup, method, MethodType.methodType(functionType),
                MethodType.methodType(erasedReturn, Object.class), accessor,
                MethodType.methodType(instantiatedReturn, recordType)).getTarget().invoke();
    }
}
