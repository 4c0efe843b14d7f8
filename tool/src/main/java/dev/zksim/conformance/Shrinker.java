package dev.zksim.conformance;

import dev.zksim.conformance.Operation.Multi;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reduces a failing program to a smaller one that still fails: first drop steps (from the
 * end, so later steps that depend on earlier ones go first), then drop ops inside multis,
 * then clients nobody uses, repeating until nothing more can be removed or the rerun
 * budget is spent. Every candidate is rerun on both sides by the predicate.
 */
public final class Shrinker {
    private final Predicate<Program> fails;
    private int budget;

    public Shrinker(Predicate<Program> fails, int budget) {
        this.fails = fails;
        this.budget = budget;
    }

    public Program shrink(Program program) {
        Program current = program;
        boolean progress = true;
        while (progress && budget > 0) {
            progress = false;
            for (Program candidate : candidates(current)) {
                if (budget-- <= 0) {
                    break;
                }
                if (fails.test(candidate)) {
                    current = candidate;
                    progress = true;
                    break;
                }
            }
        }
        return current;
    }

    private static List<Program> candidates(Program program) {
        List<Program> result = new ArrayList<>();
        List<Program.Step> steps = program.steps();
        for (int i = steps.size() - 1; i >= 0; i--) {
            List<Program.Step> fewer = new ArrayList<>(steps);
            fewer.remove(i);
            result.add(program.withSteps(fewer));
        }
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).op() instanceof Multi multi && multi.ops().size() > 1) {
                for (int j = 0; j < multi.ops().size(); j++) {
                    List<Operation> ops = new ArrayList<>(multi.ops());
                    ops.remove(j);
                    List<Program.Step> changed = new ArrayList<>(steps);
                    changed.set(i, new Program.Step(steps.get(i).client(), new Multi(ops)));
                    result.add(program.withSteps(changed));
                }
            }
        }
        fewerClients(program).ifPresent(result::add);
        return result;
    }

    /** The program without its highest-numbered client if that client has no steps. */
    private static java.util.Optional<Program> fewerClients(Program program) {
        int last = program.clients() - 1;
        boolean used = program.steps().stream().anyMatch(step -> step.client() == last);
        if (last == 0 || used) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Program(program.seed(), last, program.steps()));
    }
}
