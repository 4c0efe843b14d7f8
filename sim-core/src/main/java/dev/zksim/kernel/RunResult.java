package dev.zksim.kernel;

import java.util.List;

/**
 * How a call to {@link Simulation#run(RunBounds)} ended, with what was still pending. A run
 * that stops at a bound with open waits says, in {@link #describe()}, what it waited for.
 */
public record RunResult(Outcome outcome, long time, long events, int queued, List<String> openWaits, String stopReason) {

    public enum Outcome {
        /** No event left to run. */
        QUIESCENT,
        /** The next event lies beyond the time bound. */
        TIME_BOUND,
        /** The event cap was reached. */
        EVENT_BOUND,
        /** Something called {@link Simulation#stop(String)}. */
        STOPPED
    }

    public RunResult {
        openWaits = List.copyOf(openWaits);
    }

    public boolean hitBound() {
        return outcome == Outcome.TIME_BOUND || outcome == Outcome.EVENT_BOUND;
    }

    /** One paragraph for a person: how the run ended and what it was still waiting for. */
    public String describe() {
        StringBuilder text = new StringBuilder();
        text.append(switch (outcome) {
            case QUIESCENT -> "ran to quiescence";
            case TIME_BOUND -> "stopped at the time bound";
            case EVENT_BOUND -> "stopped at the event bound";
            case STOPPED -> "stopped: " + stopReason;
        });
        text.append(" at ").append(Time.formatSeconds(time)).append(" after ").append(events).append(" events, ")
                .append(queued).append(" still queued");
        if (openWaits.isEmpty()) {
            text.append("; nothing was waiting");
        } else {
            text.append("; still waiting for: ").append(String.join("; ", openWaits));
        }
        return text.toString();
    }
}
