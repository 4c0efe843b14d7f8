package dev.zksim.nemesis;

import dev.zksim.kernel.Time;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A schedule of faults ("nemesis"), as a value with a textual form a person can read and
 * write: {@code at 1.2s crash leader; at 3s partition s1,s2 | s3,c1; at 5s heal}. Steps are
 * kept in time order (stable for equal times), and {@link #toString()} prints the text that
 * {@link #parse(String)} reads back, so a shrunk plan can be pasted into a command line.
 */
public record FaultPlan(List<Step> steps) {

    /** One fault and when it strikes, in microseconds of simulated time. */
    public record Step(long at, Fault fault) {
        public Step {
            if (at < 0) {
                throw new IllegalArgumentException("a fault cannot strike before the run starts");
            }
        }

        @Override
        public String toString() {
            return "at " + Time.formatShort(at) + " " + fault;
        }
    }

    public static final FaultPlan NONE = new FaultPlan(List.of());

    public FaultPlan {
        steps = steps.stream().sorted(Comparator.comparingLong(Step::at)).toList();
    }

    public boolean isEmpty() {
        return steps.isEmpty();
    }

    /** The time of the last step, or 0 for an empty plan. */
    public long lastStepTime() {
        return steps.isEmpty() ? 0 : steps.getLast().at();
    }

    /** A plan without the step at this index (the shrinker's basic move). */
    public FaultPlan without(int index) {
        List<Step> fewer = new ArrayList<>(steps);
        fewer.remove(index);
        return new FaultPlan(fewer);
    }

    /**
     * Checks that every named process exists; throws IllegalArgumentException naming the
     * first that does not, with the processes that do.
     */
    public void validate(List<String> servers, List<String> clients) {
        for (Step step : steps) {
            for (Target target : step.fault().targets()) {
                if (target instanceof Target.Named named && !servers.contains(named.id()) && !clients.contains(named.id())) {
                    throw new IllegalArgumentException("fault plan step '" + step + "' names " + named.id()
                            + ", which is not in this run (servers " + String.join(",", servers)
                            + "; clients " + String.join(",", clients) + ")");
                }
            }
        }
    }

    /** The named processes the plan mentions that are neither among these servers nor clients, in order. */
    public List<String> missingProcesses(List<String> servers, List<String> clients) {
        List<String> missing = new ArrayList<>();
        for (String id : namedProcesses()) {
            if (!servers.contains(id) && !clients.contains(id)) {
                missing.add(id);
            }
        }
        return missing;
    }

    /** Every process the plan names explicitly (not roles like "leader"), once each, in order of mention. */
    public List<String> namedProcesses() {
        List<String> names = new ArrayList<>();
        for (Step step : steps) {
            for (Target target : step.fault().targets()) {
                if (target instanceof Target.Named named && !names.contains(named.id())) {
                    names.add(named.id());
                }
            }
        }
        return names;
    }

    /**
     * Checks what can be checked without a run: no step after {@code maxTime} (the run
     * would be cut before it), and no two steps at the same instant that undo each other
     * on the same process (crash and restart, pause and resume), since their order within
     * the instant would decide the outcome silently. Throws IllegalArgumentException.
     */
    public void validateSteps(long maxTime) {
        for (Step step : steps) {
            if (step.at() > maxTime) {
                throw new IllegalArgumentException("fault plan step '" + step + "' is after the simulated-time bound of "
                        + Time.formatShort(maxTime) + "; no run gets there (raise --max-sim-time if you mean it)");
            }
        }
        for (int i = 0; i < steps.size(); i++) {
            for (int j = i + 1; j < steps.size() && steps.get(j).at() == steps.get(i).at(); j++) {
                if (contradict(steps.get(i).fault(), steps.get(j).fault())) {
                    throw new IllegalArgumentException("fault plan steps '" + steps.get(i) + "' and '" + steps.get(j)
                            + "' contradict each other at the same instant");
                }
            }
        }
    }

    private static boolean contradict(Fault a, Fault b) {
        return undoes(a, b) || undoes(b, a);
    }

    private static boolean undoes(Fault first, Fault second) {
        return switch (first) {
            case Fault.Crash crash -> second instanceof Fault.Restart restart && restart.target().equals(crash.target());
            case Fault.Pause pause -> second instanceof Fault.Resume resume && resume.target().equals(pause.target());
            default -> false;
        };
    }

    @Override
    public String toString() {
        return steps.isEmpty() ? "no faults" : steps.stream().map(Step::toString).collect(Collectors.joining("; "));
    }

    /** Parses the textual form; throws IllegalArgumentException with a one-line reason. */
    public static FaultPlan parse(String text) {
        if (text.isBlank() || text.trim().equalsIgnoreCase("no faults")) {
            return NONE;
        }
        List<Step> steps = new ArrayList<>();
        String[] parts = text.split(";");
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].isBlank()) {
                continue;
            }
            try {
                steps.add(parseStep(parts[i].trim()));
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("fault plan step " + (i + 1) + " ('" + parts[i].trim()
                        + "'): a time or duration too large to represent");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("fault plan step " + (i + 1) + " ('" + parts[i].trim() + "'): " + e.getMessage());
            }
        }
        return new FaultPlan(steps);
    }

    private static Step parseStep(String text) {
        String[] words = text.split("\\s+", 3);
        if (words.length < 3 || !words[0].equalsIgnoreCase("at")) {
            throw new IllegalArgumentException("expected 'at TIME FAULT', e.g. 'at 1.5s crash leader'");
        }
        return new Step(Time.parse(words[1]), FaultParser.parse(words[2]));
    }
}
