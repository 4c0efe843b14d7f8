package dev.zksim.agent;

import java.util.ArrayList;
import java.util.List;

/**
 * Which classes the agent rewrites. Classes of the boot and platform loaders (the JDK) are
 * rewritten only in the packages where the JDK waits, sleeps or starts threads on behalf of
 * the code under test, plus the one method of its thread-container registry that the agent's
 * constant identity hashes would make slow; every other class is rewritten unless it belongs to zksim itself (which
 * is deterministic by construction) or to the test infrastructure around the simulation.
 */
final class Scope {
    /** What to do with a class. */
    enum Kind {
        /** Leave it as it is. */
        NONE,
        /** A JDK class: clocks, parks, sleeps and thread creation, nothing that changes its shape. */
        JDK,
        /** The JDK's thread-container registry: only the key it registers a container under ({@link ContainerRegistry}). */
        REGISTRY,
        /** Code under test: everything, monitors and randomness included. */
        USER
    }

    private static final List<String> JDK_PACKAGES = List.of("java/util/concurrent/", "java/util/Timer");

    private static final List<String> NEVER = List.of(
            "dev/zksim/", "java/", "javax/", "jdk/", "sun/", "com/sun/",
            // The test harness and the tools around a simulation run on real threads.
            "org/junit/", "junit/", "org/opentest4j/", "org/apiguardian/", "org/assertj/", "net/bytebuddy/",
            "org/apache/maven/", "org/codehaus/plexus/", "org/eclipse/", "org/gradle/", "worker/org/gradle/",
            "com/intellij/", "picocli/", "com/fasterxml/jackson/", "org/jctools/", "org/openjdk/jmh/",
            // Logging backends hold their monitors only briefly and stamp lines with the real time.
            "org/slf4j/", "ch/qos/logback/", "org/apache/logging/log4j/", "org/apache/log4j/");

    private final List<String> excluded;

    private Scope(List<String> excluded) {
        this.excluded = excluded;
    }

    /** The default scope plus any {@code exclude=} prefixes of the agent's arguments (dotted or slashed). */
    static Scope withExtraExclusions(List<String> prefixes) {
        List<String> all = new ArrayList<>(NEVER);
        for (String prefix : prefixes) {
            all.add(prefix.replace('.', '/'));
        }
        return new Scope(List.copyOf(all));
    }

    /** The kind of rewriting for {@code internalName}, loaded by a loader that is the JDK's or not. */
    Kind kindOf(String internalName, boolean jdkLoader) {
        if (internalName == null || internalName.startsWith("dev/zksim/agent/")) {
            return Kind.NONE;
        }
        if (jdkLoader || internalName.startsWith("java/")) {
            return jdkKind(internalName);
        }
        for (String prefix : excluded) {
            if (internalName.startsWith(prefix)) {
                return Kind.NONE;
            }
        }
        return Kind.USER;
    }

    /** What the agent does with a class of the JDK, which it may have loaded before the agent ran. */
    static Kind jdkKind(String internalName) {
        if (internalName.equals(ContainerRegistry.CLASS)) {
            return Kind.REGISTRY;
        }
        for (String prefix : JDK_PACKAGES) {
            if (internalName.startsWith(prefix)) {
                return Kind.JDK;
            }
        }
        return Kind.NONE;
    }
}
