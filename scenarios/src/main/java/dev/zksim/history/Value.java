package dev.zksim.history;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * The small immutable payload of an op: nothing, a number (a fencing token, a config
 * version, a priority), a text (an item id, a vote, a process name) or a tuple of those
 * (an item with its priority, a whole configuration, a membership view). The shapes are
 * closed so that equality and toString are exact and deterministic: values are compared by
 * checkers and printed into the trace digest.
 */
public sealed interface Value permits Value.Nil, Value.Num, Value.Text, Value.Tuple {
    Value NONE = new Nil();

    /** No value, printed as "nil". */
    record Nil() implements Value {
        @Override
        public String toString() {
            return "nil";
        }
    }

    record Num(long number) implements Value {
        @Override
        public String toString() {
            return Long.toString(number);
        }
    }

    record Text(String text) implements Value {
        public Text {
            if (text == null) {
                throw new IllegalArgumentException("a text value needs a string; use Value.NONE for none");
            }
        }

        @Override
        public String toString() {
            return text;
        }
    }

    record Tuple(List<Value> elements) implements Value {
        public Tuple {
            elements = List.copyOf(elements);
        }

        @Override
        public String toString() {
            return elements.toString();
        }
    }

    static Value of(long number) {
        return new Num(number);
    }

    static Value of(String text) {
        return new Text(text);
    }

    static Value tuple(Value... elements) {
        return new Tuple(List.of(elements));
    }

    static Value tuple(List<Value> elements) {
        return new Tuple(elements);
    }

    /** A tuple of texts in sorted order, so that equal sets give equal values. */
    static Value sortedSet(Collection<String> names) {
        List<Value> elements = new ArrayList<>();
        for (String name : new TreeSet<>(names)) {
            elements.add(new Text(name));
        }
        return new Tuple(elements);
    }

    default long asLong() {
        if (this instanceof Num num) {
            return num.number();
        }
        throw new IllegalStateException("not a number: " + this);
    }

    default String asText() {
        if (this instanceof Text text) {
            return text.text();
        }
        throw new IllegalStateException("not a text: " + this);
    }

    /** The elements of a tuple; any other value is a tuple of itself, and nil is empty. */
    default List<Value> elements() {
        return switch (this) {
            case Nil nil -> List.of();
            case Num num -> List.of(num);
            case Text text -> List.of(text);
            case Tuple tuple -> tuple.elements();
        };
    }

    /** The texts of a tuple of texts, as a sorted set (how views and member sets are read). */
    default TreeSet<String> asTextSet() {
        TreeSet<String> names = new TreeSet<>();
        for (Value element : elements()) {
            names.add(element.asText());
        }
        return names;
    }
}
