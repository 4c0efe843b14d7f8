package dev.zksim.agent;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites one method's calls to time, threads and randomness into calls to the bridge. Every
 * replacement has the stack effect of the call it replaces, so no stack map frame changes:
 * a static call becomes another static call, an instance call becomes a static call that takes
 * the receiver first, and a constructor whose result the bridge must see is followed by a
 * bridge call that takes and returns it.
 */
final class CallSites extends MethodVisitor {
    static final String BRIDGE = "dev/zksim/agent/bridge/Bridge";

    /** A call to replace: the bridge method and its descriptor. */
    private record Target(String name, String descriptor) {
    }

    private static final Map<String, Target> EVERYWHERE = new HashMap<>();
    private static final Map<String, Target> USER_ONLY = new HashMap<>();
    private static final Set<String> DATE_TIME_TYPES = Set.of("java/time/LocalDateTime", "java/time/LocalDate",
            "java/time/LocalTime", "java/time/ZonedDateTime", "java/time/OffsetDateTime", "java/time/OffsetTime",
            "java/time/Year", "java/time/YearMonth", "java/time/MonthDay");

    static {
        rule(EVERYWHERE, "java/lang/System.currentTimeMillis()J", "currentTimeMillis", "()J");
        rule(EVERYWHERE, "java/lang/System.nanoTime()J", "nanoTime", "()J");
        rule(EVERYWHERE, "java/lang/Thread.sleep(J)V", "sleep", "(J)V");
        rule(EVERYWHERE, "java/lang/Thread.sleep(JI)V", "sleep", "(JI)V");
        rule(EVERYWHERE, "java/lang/Thread.sleep(Ljava/time/Duration;)V", "sleep", "(Ljava/time/Duration;)V");
        rule(EVERYWHERE, "java/util/concurrent/TimeUnit.sleep(J)V", "sleep", "(Ljava/util/concurrent/TimeUnit;J)V");
        rule(EVERYWHERE, "java/util/concurrent/locks/LockSupport.parkNanos(J)V", "parkNanos", "(J)V");
        rule(EVERYWHERE, "java/util/concurrent/locks/LockSupport.parkNanos(Ljava/lang/Object;J)V", "parkNanos",
                "(Ljava/lang/Object;J)V");
        rule(EVERYWHERE, "java/util/concurrent/locks/LockSupport.parkUntil(J)V", "parkUntil", "(J)V");
        rule(EVERYWHERE, "java/util/concurrent/locks/LockSupport.parkUntil(Ljava/lang/Object;J)V", "parkUntil",
                "(Ljava/lang/Object;J)V");
        rule(EVERYWHERE, "java/lang/Thread.start()V", "start", "(Ljava/lang/Thread;)V");
        rule(EVERYWHERE, "java/lang/Thread.setDaemon(Z)V", "setDaemon", "(Ljava/lang/Thread;Z)V");

        rule(USER_ONLY, "java/lang/Thread.join()V", "join", "(Ljava/lang/Thread;)V");
        rule(USER_ONLY, "java/lang/Thread.join(J)V", "join", "(Ljava/lang/Thread;J)V");
        rule(USER_ONLY, "java/lang/Thread.join(JI)V", "join", "(Ljava/lang/Thread;JI)V");
        rule(USER_ONLY, "java/lang/Thread.join(Ljava/time/Duration;)Z", "join", "(Ljava/lang/Thread;Ljava/time/Duration;)Z");
        rule(USER_ONLY, "java/lang/Thread.holdsLock(Ljava/lang/Object;)Z", "holdsLock", "(Ljava/lang/Object;)Z");
        rule(USER_ONLY, "java/time/Instant.now()Ljava/time/Instant;", "instantNow", "()Ljava/time/Instant;");
        rule(USER_ONLY, "java/time/Clock.systemUTC()Ljava/time/Clock;", "clockUTC", "()Ljava/time/Clock;");
        rule(USER_ONLY, "java/time/Clock.systemDefaultZone()Ljava/time/Clock;", "clockDefaultZone", "()Ljava/time/Clock;");
        rule(USER_ONLY, "java/time/Clock.system(Ljava/time/ZoneId;)Ljava/time/Clock;", "clockAt",
                "(Ljava/time/ZoneId;)Ljava/time/Clock;");
        rule(USER_ONLY, "java/lang/Math.random()D", "mathRandom", "()D");
        rule(USER_ONLY, "java/lang/StrictMath.random()D", "mathRandom", "()D");
        rule(USER_ONLY, "java/util/UUID.randomUUID()Ljava/util/UUID;", "randomUUID", "()Ljava/util/UUID;");
        rule(USER_ONLY, "java/util/Collections.shuffle(Ljava/util/List;)V", "shuffle", "(Ljava/util/List;)V");
        rule(USER_ONLY, "java/util/concurrent/Executors.newSingleThreadExecutor()Ljava/util/concurrent/ExecutorService;",
                "newSingleThreadExecutor", "()Ljava/util/concurrent/ExecutorService;");
        rule(USER_ONLY, "java/util/concurrent/Executors.newSingleThreadExecutor(Ljava/util/concurrent/ThreadFactory;)"
                + "Ljava/util/concurrent/ExecutorService;", "newSingleThreadExecutor",
                "(Ljava/util/concurrent/ThreadFactory;)Ljava/util/concurrent/ExecutorService;");
    }

    private static void rule(Map<String, Target> table, String call, String name, String descriptor) {
        table.put(call, new Target(name, descriptor));
    }

    private final boolean user;
    private final Deque<String> pendingNews = new ArrayDeque<>();
    private final Set<Label> visitedLabels = new HashSet<>();
    private boolean changed;

    CallSites(MethodVisitor next, boolean user) {
        super(Opcodes.ASM9, next);
        this.user = user;
    }

    /** True once this method had a call rewritten. */
    boolean changed() {
        return changed;
    }

    @Override
    public void visitLabel(Label label) {
        visitedLabels.add(label);
        super.visitLabel(label);
    }

    /**
     * A jump to a label already passed closes a loop: in user code it first tells the bridge,
     * which stops a thread that loops without ever blocking (see {@code Bridge.backEdge}). The
     * call takes and leaves nothing on the stack, so the method's frames stay as they were.
     */
    @Override
    public void visitJumpInsn(int opcode, Label label) {
        if (user && visitedLabels.contains(label)) {
            bridge("backEdge", "()V");
        }
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        if (opcode == Opcodes.NEW) {
            pendingNews.push(type);
        }
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitInsn(int opcode) {
        if (user && (opcode == Opcodes.MONITORENTER || opcode == Opcodes.MONITOREXIT)) {
            String hook = opcode == Opcodes.MONITORENTER ? "monitorEnter" : "monitorExit";
            bridge(hook, "(Ljava/lang/Object;)Ljava/lang/Object;");
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (opcode == Opcodes.INVOKESPECIAL && name.equals("<init>")) {
            constructor(owner, descriptor, isInterface);
            return;
        }
        Target target = EVERYWHERE.get(owner + "." + name + descriptor);
        if (target == null && user) {
            target = USER_ONLY.get(owner + "." + name + descriptor);
        }
        if (target != null) {
            bridge(target.name(), target.descriptor());
        } else if (user && opcode == Opcodes.INVOKEVIRTUAL && isMonitorCall(name, descriptor)) {
            // wait and notify are final in Object, whatever type the call names.
            bridge(name, "(Ljava/lang/Object;" + descriptor.substring(1));
        } else if (user && opcode == Opcodes.INVOKESTATIC && DATE_TIME_TYPES.contains(owner) && name.equals("now")) {
            dateTimeNow(owner, descriptor);
        } else if (user && isDefaultAsync(owner, name, descriptor)) {
            bridge("asyncExecutor", "()Ljava/util/concurrent/Executor;");
            super.visitMethodInsn(opcode, owner, name, withExecutor(descriptor), isInterface);
        } else {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }
    }

    /** A constructor call: of a new object (the innermost pending NEW of that type), or super()/this(). */
    private void constructor(String owner, String descriptor, boolean isInterface) {
        boolean ofNew = !pendingNews.isEmpty() && pendingNews.peek().equals(owner);
        if (ofNew) {
            pendingNews.pop();
        }
        if (ofNew && owner.equals("java/lang/Thread")) {
            super.visitMethodInsn(Opcodes.INVOKESPECIAL, owner, "<init>", descriptor, isInterface);
            bridge("adoptThread", "(Ljava/lang/Thread;)Ljava/lang/Thread;");
        } else if (ofNew && user && descriptor.equals("()V") && owner.equals("java/util/Random")) {
            bridge("randomSeed", "()J");
            super.visitMethodInsn(Opcodes.INVOKESPECIAL, owner, "<init>", "(J)V", isInterface);
        } else if (ofNew && user && descriptor.equals("()V") && owner.equals("java/util/Date")) {
            bridge("currentTimeMillis", "()J");
            super.visitMethodInsn(Opcodes.INVOKESPECIAL, owner, "<init>", "(J)V", isInterface);
        } else {
            super.visitMethodInsn(Opcodes.INVOKESPECIAL, owner, "<init>", descriptor, isInterface);
        }
    }

    /** {@code X.now()} becomes {@code X.now(simulatedClock)}, {@code X.now(zone)} likewise. */
    private void dateTimeNow(String owner, String descriptor) {
        String result = descriptor.substring(descriptor.indexOf(')') + 1);
        if (descriptor.startsWith("()")) {
            bridge("clockDefaultZone", "()Ljava/time/Clock;");
        } else if (descriptor.startsWith("(Ljava/time/ZoneId;)")) {
            bridge("clockAt", "(Ljava/time/ZoneId;)Ljava/time/Clock;");
        } else {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, "now", descriptor, false);
            return;
        }
        super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, "now", "(Ljava/time/Clock;)" + result, false);
    }

    private void bridge(String name, String descriptor) {
        changed = true;
        super.visitMethodInsn(Opcodes.INVOKESTATIC, BRIDGE, name, descriptor, false);
    }

    private static boolean isMonitorCall(String name, String descriptor) {
        return switch (name) {
            case "wait" -> descriptor.equals("()V") || descriptor.equals("(J)V") || descriptor.equals("(JI)V");
            case "notify", "notifyAll" -> descriptor.equals("()V");
            default -> false;
        };
    }

    /** An async method of CompletableFuture or CompletionStage called without an executor. */
    static boolean isDefaultAsync(String owner, String name, String descriptor) {
        boolean futureType = owner.equals("java/util/concurrent/CompletableFuture")
                || owner.equals("java/util/concurrent/CompletionStage");
        return futureType && name.endsWith("Async") && !descriptor.contains("Ljava/util/concurrent/Executor;")
                && !name.equals("defaultExecutor");
    }

    static String withExecutor(String descriptor) {
        int close = descriptor.indexOf(')');
        return descriptor.substring(0, close) + "Ljava/util/concurrent/Executor;" + descriptor.substring(close);
    }
}
