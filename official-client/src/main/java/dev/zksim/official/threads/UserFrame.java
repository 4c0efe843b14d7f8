package dev.zksim.official.threads;

import dev.zksim.kernel.SuppressForbidden;
import java.util.Optional;

/**
 * Names the frame of the code under test that made a call, for one-line reports: the first
 * frame on the stack that belongs neither to zksim nor to the JDK.
 */
@SuppressForbidden("reads the stack of a simulated thread, to name where it stands")
final class UserFrame {
    private static final StackWalker WALKER = StackWalker.getInstance();

    private UserFrame() {
    }

    /** The caller's frame as {@code class.method(File.java:line)}, or "an unknown frame". */
    static String caller() {
        Optional<StackWalker.StackFrame> frame = WALKER.walk(frames -> frames
                .filter(f -> !isInfrastructure(f.getClassName()))
                .findFirst());
        return frame.map(UserFrame::describe).orElse("an unknown frame");
    }

    /**
     * Where another (parked or blocked) thread stands: its innermost frame and, if that is not
     * the user's, the innermost frame of the code under test.
     */
    static String of(Thread thread) {
        StackTraceElement[] stack = thread.getStackTrace();
        if (stack.length == 0) {
            return "an unknown frame";
        }
        String top = stack[0].toString();
        for (StackTraceElement element : stack) {
            if (!isInfrastructure(element.getClassName())) {
                return element == stack[0] ? top : top + ", called from " + element;
            }
        }
        return top;
    }

    /**
     * The calling thread's stack from the first frame of the code under test, at most
     * {@code frames} of them, one per line as a stack trace prints them.
     */
    static String stack(int frames) {
        StringBuilder stack = new StringBuilder();
        int shown = 0;
        for (StackTraceElement frame : Thread.currentThread().getStackTrace()) {
            if ((shown > 0 || !isInfrastructure(frame.getClassName())) && shown < frames) {
                stack.append("\n    at ").append(frame);
                shown++;
            }
        }
        return stack.toString();
    }

    private static boolean isInfrastructure(String className) {
        return className.startsWith("dev.zksim.") || className.startsWith("java.") || className.startsWith("jdk.")
                || className.startsWith("sun.");
    }

    private static String describe(StackWalker.StackFrame frame) {
        return frame.getClassName() + "." + frame.getMethodName() + "(" + frame.getFileName() + ":"
                + frame.getLineNumber() + ")";
    }
}
