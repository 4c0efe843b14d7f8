package dev.zksim.official.threads;

/**
 * The one-line explanations of what a simulated thread did that the simulation cannot make
 * deterministic. Each names the cause and the deterministic replacement.
 */
final class BlockingDiagnosis {
    private BlockingDiagnosis() {
    }

    /**
     * Explains a simulated thread's state after a scheduling step, or returns null if the
     * state is one the simulation controls. TIMED_WAITING means Thread.sleep or a wait with a
     * timeout, whose timer is the JDK's real-time one; BLOCKED means monitor contention, which
     * the JDK resolves on its own unblocker thread.
     */
    static String explain(Thread.State state) {
        return switch (state) {
            case TIMED_WAITING -> "entered Thread.sleep or a wait with a timeout, which runs on the real clock;"
                    + " use SimulatedThreads.sleep or an untimed wait";
            case BLOCKED -> "blocked entering a synchronized block held by another simulated thread, which the JDK"
                    + " resolves on its own thread; use java.util.concurrent locks";
            default -> null;
        };
    }

    /** Explains a wake-up of a simulated thread that came from a thread outside the simulation. */
    static String explainForeignWake(String callerName, boolean callerVirtual) {
        if (callerName.startsWith("VirtualThread-unparker")) {
            return "a simulated thread was woken by the real clock (Thread.sleep or a timed wait ran out);"
                    + " use SimulatedThreads.sleep or an untimed wait";
        }
        if (callerName.startsWith("VirtualThread-unblocker")) {
            return "a simulated thread was woken through a monitor (synchronized contention or Object.wait/notify),"
                    + " which the JDK resolves on its own thread; use java.util.concurrent locks and conditions";
        }
        String kind = callerVirtual ? "virtual thread on the JDK's scheduler" : "platform thread";
        return "a simulated thread was woken by the " + kind + " '" + callerName
                + "' that the simulation does not drive; start threads with SimulatedThreads.start";
    }
}
