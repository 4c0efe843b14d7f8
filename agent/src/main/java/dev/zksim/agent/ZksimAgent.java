package dev.zksim.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * The agent's entry point ({@code -javaagent:zksim-agent.jar[=exclude=com.acme.infra.,other.]}).
 * It puts the bridge on the bootstrap class path (so that rewritten JDK classes can call it),
 * lets {@code java.base} read it, installs the rewriting for every class loaded from now on,
 * and re-transforms the {@code java.util.concurrent} classes the JVM loaded before it, and the
 * JDK's thread-container registry ({@link ContainerRegistry}).
 *
 * <p>A class that cannot be rewritten is left as it was and named on standard error in one
 * line; the simulation then reports anything it does outside virtual time when it happens.
 */
public final class ZksimAgent {
    private static final String BRIDGE_PACKAGE = "dev/zksim/agent/bridge/";

    private ZksimAgent() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) throws Exception {
        Scope scope = Scope.withExtraExclusions(exclusions(arguments));
        Class<?> bridge = putBridgeOnBootstrapPath(instrumentation);
        Module javaBase = Object.class.getModule();
        instrumentation.redefineModule(javaBase, Set.of(bridge.getModule()), Map.of(), Map.of(), Set.of(), Map.of());
        instrumentation.addTransformer(new Transformer(scope), true);
        retransformLoadedJdkClasses(instrumentation);
        bridge.getMethod("markAgentLoaded").invoke(null);
        // Tools that run simulations (the command line's sweeps) read it to run one at a time.
        System.setProperty("zksim.agent.loaded", "true");
    }

    private static List<String> exclusions(String arguments) {
        List<String> prefixes = new ArrayList<>();
        if (arguments == null || arguments.isBlank()) {
            return prefixes;
        }
        for (String option : arguments.split(";")) {
            if (!option.startsWith("exclude=")) {
                throw new IllegalArgumentException("zksim agent: unknown option '" + option
                        + "' (the only option is exclude=PREFIX,PREFIX)");
            }
            prefixes.addAll(Arrays.asList(option.substring("exclude=".length()).split(",")));
        }
        return prefixes;
    }

    /** Copies the bridge package out of this jar into one of its own and appends it to the boot path. */
    private static Class<?> putBridgeOnBootstrapPath(Instrumentation instrumentation)
            throws IOException, URISyntaxException, ClassNotFoundException {
        File agentJar = new File(ZksimAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path bridgeJar = Files.createTempFile("zksim-bridge", ".jar");
        bridgeJar.toFile().deleteOnExit();
        try (JarFile source = new JarFile(agentJar);
                OutputStream file = Files.newOutputStream(bridgeJar);
                JarOutputStream target = new JarOutputStream(file)) {
            Enumeration<JarEntry> entries = source.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                if (entry.getName().startsWith(BRIDGE_PACKAGE) && entry.getName().endsWith(".class")) {
                    target.putNextEntry(new JarEntry(entry.getName()));
                    try (InputStream in = source.getInputStream(entry)) {
                        in.transferTo(target);
                    }
                    target.closeEntry();
                }
            }
        }
        instrumentation.appendToBootstrapClassLoaderSearch(new JarFile(bridgeJar.toFile()));
        return Class.forName("dev.zksim.agent.bridge.Bridge", true, null);
    }

    private static void retransformLoadedJdkClasses(Instrumentation instrumentation) {
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> type : instrumentation.getAllLoadedClasses()) {
            if (type.getClassLoader() == null && !type.isArray() && instrumentation.isModifiableClass(type)
                    && Scope.jdkKind(type.getName().replace('.', '/')) != Scope.Kind.NONE) {
                loaded.add(type);
            }
        }
        for (Class<?> type : loaded) {
            try {
                instrumentation.retransformClasses(type);
            } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
                System.err.println("zksim agent: left " + type.getName() + " as it was: " + e);
            }
        }
    }

    /** The registry with keys of their own hash ({@link ContainerRegistry}), or null, said on standard error, to keep it. */
    private static byte[] registryKeys(byte[] classFile) {
        byte[] rewritten = ContainerRegistry.rewrite(classFile);
        if (rewritten == null) {
            System.err.println("zksim agent: left jdk.internal.vm.ThreadContainers as it was: not the expected shape");
        }
        return rewritten;
    }

    /** Rewrites each class in scope as it loads (or re-transforms). */
    private static final class Transformer implements ClassFileTransformer {
        private final Scope scope;

        Transformer(Scope scope) {
            this.scope = scope;
        }

        @Override
        public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                ProtectionDomain domain, byte[] classFile) {
            boolean jdkLoader = loader == null || loader == ClassLoader.getPlatformClassLoader();
            Scope.Kind kind = scope.kindOf(className, jdkLoader);
            if (kind == Scope.Kind.NONE) {
                return null;
            }
            try {
                if (kind == Scope.Kind.REGISTRY) {
                    return registryKeys(classFile);
                }
                return Rewriter.rewrite(classFile, kind == Scope.Kind.USER && redefined == null);
            } catch (RuntimeException | LinkageError e) {
                System.err.println("zksim agent: left " + className.replace('/', '.') + " as it was: " + e);
                return null;
            }
        }
    }
}
