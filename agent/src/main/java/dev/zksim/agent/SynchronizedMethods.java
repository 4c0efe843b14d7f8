package dev.zksim.agent;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Turns a {@code synchronized} method into a plain one whose body enters and leaves the
 * monitor explicitly, as javac compiles a {@code synchronized} block: enter at the start, leave
 * before every return, and leave and rethrow from a catch-all handler placed after the
 * method's own handlers. The explicit {@code monitorenter} and {@code monitorexit} then pass
 * through {@link CallSites}, where the bridge sees them; the JVM's implicit monitor of a
 * {@code synchronized} method would be invisible to it.
 */
final class SynchronizedMethods extends MethodVisitor {
    private final String owner;
    private final boolean isStatic;
    private final String descriptor;
    private final boolean withFrames;
    private final Label bodyStart = new Label();
    private final Label bodyEnd = new Label();
    private final Label handler = new Label();
    private boolean prologueDone;

    SynchronizedMethods(MethodVisitor next, String owner, int access, String descriptor, int classVersion) {
        super(Opcodes.ASM9, next);
        this.withFrames = (classVersion & 0xFFFF) >= Opcodes.V1_6;
        this.owner = owner;
        this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
        this.descriptor = descriptor;
    }

    /** True for a method whose monitor this visitor makes explicit. */
    static boolean applies(int access, int classVersion) {
        int major = classVersion & 0xFFFF;
        return (access & Opcodes.ACC_SYNCHRONIZED) != 0
                && (access & (Opcodes.ACC_NATIVE | Opcodes.ACC_ABSTRACT)) == 0
                && major >= Opcodes.V1_5;
    }

    // The method's own try-catch blocks arrive before its first instruction, so the catch-all,
    // added with the first instruction, comes after them: they keep catching first, as they did.
    private void prologue() {
        if (prologueDone) {
            return;
        }
        prologueDone = true;
        super.visitTryCatchBlock(bodyStart, bodyEnd, handler, null);
        pushLock();
        super.visitInsn(Opcodes.MONITORENTER);
        super.visitLabel(bodyStart);
    }

    private void pushLock() {
        if (isStatic) {
            super.visitLdcInsn(Type.getObjectType(owner));
        } else {
            super.visitVarInsn(Opcodes.ALOAD, 0);
        }
    }

    @Override
    public void visitLabel(Label label) {
        prologue();
        super.visitLabel(label);
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        prologue();
        super.visitLineNumber(line, start);
    }

    @Override
    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
        prologue();
        super.visitFrame(type, numLocal, local, numStack, stack);
    }

    @Override
    public void visitInsn(int opcode) {
        prologue();
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
            pushLock();
            super.visitInsn(Opcodes.MONITOREXIT);
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        prologue();
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int varIndex) {
        prologue();
        super.visitVarInsn(opcode, varIndex);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        prologue();
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String fieldOwner, String name, String fieldDescriptor) {
        prologue();
        super.visitFieldInsn(opcode, fieldOwner, name, fieldDescriptor);
    }

    @Override
    public void visitMethodInsn(int opcode, String methodOwner, String name, String methodDescriptor,
            boolean isInterface) {
        prologue();
        super.visitMethodInsn(opcode, methodOwner, name, methodDescriptor, isInterface);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String indyDescriptor, org.objectweb.asm.Handle bootstrap,
            Object... arguments) {
        prologue();
        super.visitInvokeDynamicInsn(name, indyDescriptor, bootstrap, arguments);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        prologue();
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
        prologue();
        super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int varIndex, int increment) {
        prologue();
        super.visitIincInsn(varIndex, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        prologue();
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        prologue();
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String arrayDescriptor, int numDimensions) {
        prologue();
        super.visitMultiANewArrayInsn(arrayDescriptor, numDimensions);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        prologue();
        super.visitLabel(bodyEnd);
        super.visitLabel(handler);
        if (withFrames) {
            Object[] locals = argumentLocals();
            super.visitFrame(Opcodes.F_FULL, locals.length, locals, 1, new Object[] {"java/lang/Throwable"});
        }
        pushLock();
        super.visitInsn(Opcodes.MONITOREXIT);
        super.visitInsn(Opcodes.ATHROW);
        super.visitMaxs(maxStack, maxLocals);
    }

    /** The locals at method entry, as a stack map frame lists them. */
    private Object[] argumentLocals() {
        List<Object> locals = new ArrayList<>();
        if (!isStatic) {
            locals.add(owner);
        }
        for (Type argument : Type.getArgumentTypes(descriptor)) {
            locals.add(frameType(argument));
        }
        return locals.toArray();
    }

    private static Object frameType(Type type) {
        return switch (type.getSort()) {
            case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> Opcodes.INTEGER;
            case Type.LONG -> Opcodes.LONG;
            case Type.FLOAT -> Opcodes.FLOAT;
            case Type.DOUBLE -> Opcodes.DOUBLE;
            case Type.ARRAY -> type.getDescriptor();
            default -> type.getInternalName();
        };
    }
}
