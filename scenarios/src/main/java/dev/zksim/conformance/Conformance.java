package dev.zksim.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The differential run: programs from consecutive seeds, each on zksim and on a real
 * ZooKeeper with the same number of servers, outcomes compared, mismatches shrunk. With
 * both server counts asked for, programs alternate between them (program i uses the
 * count at i modulo the list), so N programs means N comparisons in total. Each side is
 * started once per server count and reused.
 */
public final class Conformance {
    /** Reruns allowed to shrink one mismatch; each rerun runs both sides. */
    private static final int SHRINK_BUDGET = 150;

    /**
     * @param seed the first program's seed; program i has seed {@code seed + i}
     * @param servers the server counts to use, in turn
     * @param maxClients programs have 1 to this many clients
     * @param maxSteps programs have 1 to this many steps
     */
    public record Config(long seed, int programs, List<Integer> servers, int maxClients, int maxSteps) {
        public Config {
            servers = List.copyOf(servers);
            if (programs < 0 || servers.isEmpty() || maxClients < 1 || maxSteps < 1) {
                throw new IllegalArgumentException("programs >= 0, at least one server count, clients and steps >= 1");
            }
        }
    }

    /** The programs run per server count and every mismatch found. */
    public record Report(int programs, List<Integer> perServerCount, List<Mismatch> mismatches) {
    }

    private Conformance() {
    }

    public static Report run(Config config, Consumer<String> progress) {
        ProgramGenerator generator = new ProgramGenerator(config.maxClients(), config.maxSteps());
        List<Mismatch> mismatches = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        int total = 0;
        for (int slot = 0; slot < config.servers().size(); slot++) {
            int servers = config.servers().get(slot);
            int ran = 0;
            try (Side sim = new SimSide(servers); Side real = RealSide.start(servers)) {
                for (int i = slot; i < config.programs(); i += config.servers().size()) {
                    Program program = generator.generate(config.seed() + i);
                    compare(sim, real, program).ifPresent(mismatch -> {
                        mismatches.add(mismatch);
                        mismatch.report().forEach(progress);
                    });
                    ran++;
                    if (ran % 500 == 0) {
                        progress.accept(ran + " programs on " + servers + " server(s), " + mismatches.size() + " mismatch(es)");
                    }
                }
            }
            counts.add(ran);
            total += ran;
        }
        return new Report(total, counts, mismatches);
    }

    /** Runs the program on both sides; a difference is shrunk and returned. */
    public static java.util.Optional<Mismatch> compare(Side sim, Side real, Program program) {
        Outcome left = safeRun(sim, program);
        Outcome right = safeRun(real, program);
        if (left.equals(right)) {
            return java.util.Optional.empty();
        }
        Program shrunk = new Shrinker(candidate -> !safeRun(sim, candidate).equals(safeRun(real, candidate)),
                SHRINK_BUDGET).shrink(program);
        return java.util.Optional.of(new Mismatch(program, shrunk, sim.name(), safeRun(sim, shrunk), real.name(),
                safeRun(real, shrunk)));
    }

    /** A side that throws has an outcome too: the failure, so it shows in the report. */
    private static Outcome safeRun(Side side, Program program) {
        try {
            return side.run(program);
        } catch (RuntimeException e) {
            return new Outcome(List.of("harness-failure " + e));
        }
    }
}
