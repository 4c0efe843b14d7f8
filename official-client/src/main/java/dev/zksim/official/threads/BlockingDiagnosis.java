package dev.zksim.official.threads;

/**
 * The one-line explanations of what a simulated thread did that the simulation cannot make
 * deterministic. Each names the cause and the deterministic replacement.
 */
final class BlockingDiagnosis {
    /** Appended where the agent would have kept the thread in virtual time. */
    static final String WITHOUT_AGENT = " (or run the JVM with -javaagent:zksim-agent.jar, which puts sleeps,"
            + " timed waits and monitors in virtual time)";
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
            case BLOCKED -> "blocked on a monitor (entering synchronized, or re-entering it after Object.wait), which"
                    + " the JDK resolves on its own thread; use java.util.concurrent locks and conditions";
            default -> null;
        };
    }

    /**
     * True for the explanation of a wake-up by the JDK's monitor unblocker: a thread that found
     * a real monitor taken was handed back once its holder let go.
     */
    static boolean isMonitorHandBack(String explanation) {
        return explanation != null && explanation.startsWith("a simulated thread was woken through a monitor");
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
        if (callerName.contains("Poller")) {
            return "a simulated thread did real network I/O (woken by the JDK's '" + callerName + "'), which the"
                    + " simulation cannot schedule; reach the simulated ensemble through the drop-in client";
        }
        String kind = callerVirtual ? "virtual thread on the JDK's scheduler" : "platform thread";
        return "a simulated thread was woken by the " + kind + " '" + callerName
                + "' that the simulation does not drive; start threads with SimulatedThreads.start";
    }
}
