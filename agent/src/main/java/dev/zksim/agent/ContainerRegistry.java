package dev.zksim.agent;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the JDK's thread-container registry ({@code jdk.internal.vm.ThreadContainers}) so
 * that the weak reference it registers each container under is a
 * {@link dev.zksim.agent.bridge.ContainerRef}, whose hash is its own instead of the constant
 * identity hash the agent's JVM flag gives every object (see that class for what it cost).
 * Only the {@code new} of {@code registerContainer} changes: the same constructor arguments,
 * the same stack, a subclass where the JDK made a {@code WeakReference}.
 */
final class ContainerRegistry {
    /** The registry's class, which the JVM loads before the agent runs and must re-transform. */
    static final String CLASS = "jdk/internal/vm/ThreadContainers";

    private static final String REGISTER = "registerContainer";
    private static final String WEAK_REFERENCE = "java/lang/ref/WeakReference";
    private static final String CONTAINER_REF = "dev/zksim/agent/bridge/ContainerRef";
    private static final String CONSTRUCTOR = "(Ljava/lang/Object;Ljava/lang/ref/ReferenceQueue;)V";

    private ContainerRegistry() {
    }

    /** The rewritten registry, or null if its {@code registerContainer} is not the shape this expects. */
    static byte[] rewrite(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        Keys keys = new Keys(writer);
        reader.accept(keys, 0);
        return keys.news == 1 && keys.constructors == 1 ? writer.toByteArray() : null;
    }

    private static final class Keys extends ClassVisitor {
        private int news;
        private int constructors;

        Keys(ClassVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                String[] exceptions) {
            MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
            return name.equals(REGISTER) ? new RegisterKey(next) : next;
        }

        /**
         * Replaces {@code new WeakReference(container, QUEUE)} with {@code new ContainerRef(...)}.
         * The NEW and its constructor call are counted apart: a JDK whose method makes any
         * other weak reference there gets its class back as it was.
         */
        private final class RegisterKey extends MethodVisitor {
            RegisterKey(MethodVisitor next) {
                super(Opcodes.ASM9, next);
            }

            @Override
            public void visitTypeInsn(int opcode, String type) {
                boolean newKey = opcode == Opcodes.NEW && type.equals(WEAK_REFERENCE);
                if (newKey) {
                    news++;
                }
                super.visitTypeInsn(opcode, newKey ? CONTAINER_REF : type);
            }

            @Override
            public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
                boolean keyConstructor = opcode == Opcodes.INVOKESPECIAL && owner.equals(WEAK_REFERENCE)
                        && name.equals("<init>") && descriptor.equals(CONSTRUCTOR);
                if (keyConstructor) {
                    constructors++;
                }
                super.visitMethodInsn(opcode, keyConstructor ? CONTAINER_REF : owner, name, descriptor, isInterface);
            }
        }
    }
}
