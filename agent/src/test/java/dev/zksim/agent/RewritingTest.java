package dev.zksim.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** What the agent rewrites, and where: the scope of classes and the calls in one class file. */
class RewritingTest {

    /** Code under test as a user writes it: clock, sleep, monitor, threads, randomness. */
    static final class Sample {
        private final Object lock = new Object();

        synchronized long stamp() throws InterruptedException {
            Thread.sleep(5);
            return System.currentTimeMillis();
        }

        void waitForIt() throws InterruptedException {
            synchronized (lock) {
                lock.wait(10);
            }
        }

        Thread worker(Runnable body) {
            return new Thread(body, "worker");
        }

        CompletableFuture<String> later() {
            return CompletableFuture.supplyAsync(() -> new java.util.Random().nextInt() + "");
        }

        java.util.concurrent.ExecutorService single() {
            return java.util.concurrent.Executors.newSingleThreadExecutor();
        }

        int spin(int rounds) {
            int sum = 0;
            for (int i = 0; i < rounds; i++) {
                sum += i;
            }
            return sum;
        }
    }

    /** Nothing in it reaches time, threads or randomness. */
    static final class Plain {
        int twice(int x) {
            return 2 * x;
        }
    }

    @Test
    void theScopeIsTheCodeUnderTestAndTheJdkPackagesThatWaitForIt() {
        Scope scope = Scope.withExtraExclusions(List.of("com.acme.infra."));
        assertThat(scope.kindOf("com/acme/Lock", false)).isEqualTo(Scope.Kind.USER);
        assertThat(scope.kindOf("org/apache/curator/framework/imps/CuratorFrameworkImpl", false))
                .isEqualTo(Scope.Kind.USER);
        assertThat(scope.kindOf("com/acme/infra/Metrics", false)).isEqualTo(Scope.Kind.NONE);
        assertThat(scope.kindOf("dev/zksim/official/SimulatedZooKeeper", false)).isEqualTo(Scope.Kind.NONE);
        assertThat(scope.kindOf("org/junit/jupiter/api/Test", false)).isEqualTo(Scope.Kind.NONE);
        assertThat(scope.kindOf("java/util/concurrent/locks/AbstractQueuedSynchronizer", true))
                .isEqualTo(Scope.Kind.JDK);
        assertThat(scope.kindOf("java/util/Timer", true)).isEqualTo(Scope.Kind.JDK);
        assertThat(scope.kindOf("java/lang/String", true)).isEqualTo(Scope.Kind.NONE);
        assertThat(scope.kindOf(ContainerRegistry.CLASS, true)).isEqualTo(Scope.Kind.REGISTRY);
        assertThat(scope.kindOf(ContainerRegistry.CLASS, false)).isEqualTo(Scope.Kind.NONE);
    }

    @Test
    void callsToTimeThreadsMonitorsAndRandomnessGoToTheBridge() throws IOException {
        byte[] rewritten = Rewriter.rewrite(bytesOf(Sample.class), true);
        assertThat(rewritten).isNotNull();
        List<String> bridgeCalls = bridgeCalls(rewritten);
        assertThat(bridgeCalls).contains("sleep(J)V", "currentTimeMillis()J", "wait(Ljava/lang/Object;J)V",
                "adoptThread(Ljava/lang/Thread;)Ljava/lang/Thread;", "asyncExecutor()Ljava/util/concurrent/Executor;",
                "randomSeed()J", "newSingleThreadExecutor()Ljava/util/concurrent/ExecutorService;", "backEdge()V");
        assertThat(bridgeCalls.stream().filter(call -> call.startsWith("monitorEnter")).count())
                .as("the synchronized method and the synchronized block").isEqualTo(2);
        assertThat(synchronizedMethods(rewritten)).as("the monitor of stamp() is explicit now").isEmpty();
    }

    @Test
    void aClassWithNothingToRewriteKeepsItsBytesAndJdkCodeKeepsItsMonitors() throws IOException {
        assertThat(Rewriter.rewrite(bytesOf(Plain.class), true)).isNull();
        byte[] asJdk = Rewriter.rewrite(bytesOf(Sample.class), false);
        assertThat(bridgeCalls(asJdk)).doesNotContain("monitorEnter(Ljava/lang/Object;)Ljava/lang/Object;")
                .contains("currentTimeMillis()J");
        assertThat(synchronizedMethods(asJdk)).containsExactly("stamp");
    }

    @Test
    void asyncCallsGainAnExecutorParameter() {
        assertThat(CallSites.isDefaultAsync("java/util/concurrent/CompletableFuture", "thenApplyAsync",
                "(Ljava/util/function/Function;)Ljava/util/concurrent/CompletableFuture;")).isTrue();
        assertThat(CallSites.isDefaultAsync("java/util/concurrent/CompletableFuture", "thenApplyAsync",
                "(Ljava/util/function/Function;Ljava/util/concurrent/Executor;)Ljava/util/concurrent/CompletableFuture;"))
                .isFalse();
        assertThat(CallSites.withExecutor("(Ljava/lang/Runnable;)Ljava/util/concurrent/CompletableFuture;"))
                .isEqualTo("(Ljava/lang/Runnable;Ljava/util/concurrent/Executor;)Ljava/util/concurrent/CompletableFuture;");
    }

    private static byte[] bytesOf(Class<?> type) throws IOException {
        String resource = "/" + type.getName().replace('.', '/') + ".class";
        try (InputStream in = RewritingTest.class.getResourceAsStream(resource)) {
            return in.readAllBytes();
        }
    }

    private static List<String> bridgeCalls(byte[] classFile) {
        List<String> calls = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String methodDescriptor,
                            boolean isInterface) {
                        if (owner.equals(CallSites.BRIDGE)) {
                            calls.add(method + methodDescriptor);
                        }
                    }
                };
            }
        }, 0);
        return calls;
    }

    private static List<String> synchronizedMethods(byte[] classFile) {
        List<String> names = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                if ((access & Opcodes.ACC_SYNCHRONIZED) != 0) {
                    names.add(name);
                }
                return null;
            }
        }, 0);
        return names;
    }
}
