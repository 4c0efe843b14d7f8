package dev.zksim.agent;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites one class file: every method's call sites ({@link CallSites}) and, in code under
 * test, every {@code synchronized} method ({@link SynchronizedMethods}). Returns null when
 * nothing changed, so that the JVM keeps the original bytes.
 */
final class Rewriter {
    private Rewriter() {
    }

    /** The rewritten class, or null if it has nothing to rewrite. */
    static byte[] rewrite(byte[] classFile, boolean user) {
        ClassReader reader = new ClassReader(classFile);
        // Every replacement keeps the stack map frames valid (CallSites) or writes its own
        // (SynchronizedMethods); only the maximum stack size may grow.
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        ClassRewriter rewriter = new ClassRewriter(writer, user);
        reader.accept(rewriter, 0);
        return rewriter.changed ? writer.toByteArray() : null;
    }

    private static final class ClassRewriter extends ClassVisitor {
        private final boolean user;
        private String name;
        private int version;
        private boolean changed;
        private final java.util.List<CallSites> methods = new java.util.ArrayList<>();

        ClassRewriter(ClassVisitor next, boolean user) {
            super(Opcodes.ASM9, next);
            this.user = user;
        }

        @Override
        public void visit(int classVersion, int access, String className, String signature, String superName,
                String[] interfaces) {
            this.name = className;
            this.version = classVersion;
            super.visit(classVersion, access, className, signature, superName, interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int access, String methodName, String descriptor, String signature,
                String[] exceptions) {
            if (methodName.equals("<clinit>")) {
                // A class is initialised once per JVM, by whichever simulation touches it first:
                // its static state is shared by every run, so a draw or clock read made there
                // would shift that one run's choices and leak into all the others. It keeps
                // the JVM's real clock and randomness instead.
                return super.visitMethod(access, methodName, descriptor, signature, exceptions);
            }
            boolean explicitMonitor = user && SynchronizedMethods.applies(access, version);
            int written = explicitMonitor ? access & ~Opcodes.ACC_SYNCHRONIZED : access;
            MethodVisitor next = super.visitMethod(written, methodName, descriptor, signature, exceptions);
            CallSites calls = new CallSites(next, user);
            methods.add(calls);
            if (explicitMonitor) {
                changed = true;
                return new SynchronizedMethods(calls, name, access, descriptor, version);
            }
            return calls;
        }

        @Override
        public void visitEnd() {
            for (CallSites calls : methods) {
                changed |= calls.changed();
            }
            super.visitEnd();
        }
    }
}
