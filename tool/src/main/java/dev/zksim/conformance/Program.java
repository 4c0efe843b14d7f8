package dev.zksim.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A conformance program: how many clients connect (c1..cN, in that order) and the steps
 * they run one at a time. It is a value: the generator makes it from a seed, the shrinker
 * makes smaller ones from it, and both sides run exactly it.
 *
 * @param seed the generator seed it came from (kept through shrinking, for the report)
 * @param clients how many clients connect before the first step
 */
public record Program(long seed, int clients, List<Program.Step> steps) {

    /** The program's parent znode: the harness creates it before the clients connect. */
    public static final String ROOT = "/t";

    /** One step: client index (0-based) and the operation it runs. */
    public record Step(int client, Operation op) {
        public String render() {
            return "c" + (client + 1) + " " + op.render();
        }
    }

    public Program {
        steps = List.copyOf(steps);
        if (clients < 1) {
            throw new IllegalArgumentException("a program has at least one client");
        }
        for (Step step : steps) {
            if (step.client() < 0 || step.client() >= clients) {
                throw new IllegalArgumentException("step for a client that does not exist: " + step.render());
            }
        }
    }

    /** The program as a readable script, one numbered step a line. */
    public List<String> script() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "# seed %d, %d client(s); every path lives under %s", seed, clients, ROOT));
        for (int i = 0; i < steps.size(); i++) {
            lines.add(String.format(Locale.ROOT, "%2d  %s", i + 1, steps.get(i).render()));
        }
        return lines;
    }

    public Program withSteps(List<Step> newSteps) {
        return new Program(seed, clients, newSteps);
    }
}
