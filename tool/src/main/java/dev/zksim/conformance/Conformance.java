package dev.zksim.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import dev.zksim.kernel.SuppressForbidden;

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

    /** Runs every program on one thread: programs of one server count after another. */
    public static Report run(Config config, Consumer<String> progress) {
        return runShard(config, 0, 1, progress);
    }

    /**
     * Runs the programs in {@code shards} threads, each with its own real servers and its
     * own simulations; shard k takes programs k, k + shards, ... Almost all of a run is
     * spent waiting for the real servers, so shards overlap those waits. Each simulation
     * still runs on one thread, so determinism is untouched.
     */
    @SuppressForbidden("threads that each drive their own real ZooKeeper; simulations stay single-threaded")
    public static Report runParallel(Config config, int shards, Consumer<String> progress) {
        if (shards <= 1) {
            return run(config, progress);
        }
        Consumer<String> printer = line -> {
            synchronized (progress) {
                progress.accept(line);
            }
        };
        List<CompletableFuture<Report>> parts = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(shards)) {
            for (int k = 0; k < shards; k++) {
                int shard = k;
                parts.add(CompletableFuture.supplyAsync(() -> runShard(config, shard, shards, printer), pool));
            }
        }
        return merge(parts.stream().map(CompletableFuture::join).toList());
    }

    private static Report merge(List<Report> parts) {
        int total = 0;
        List<Integer> counts = new ArrayList<>();
        List<Mismatch> mismatches = new ArrayList<>();
        for (Report part : parts) {
            total += part.programs();
            for (int i = 0; i < part.perServerCount().size(); i++) {
                if (counts.size() <= i) {
                    counts.add(0);
                }
                counts.set(i, counts.get(i) + part.perServerCount().get(i));
            }
            mismatches.addAll(part.mismatches());
        }
        return new Report(total, counts, mismatches);
    }

    private static Report runShard(Config config, int shard, int shards, Consumer<String> progress) {
        ProgramGenerator generator = new ProgramGenerator(config.maxClients(), config.maxSteps());
        List<Mismatch> mismatches = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        int total = 0;
        int slots = config.servers().size();
        for (int slot = 0; slot < slots; slot++) {
            int servers = config.servers().get(slot);
            int ran = 0;
            try (Side sim = new SimSide(servers); Side real = RealSide.start(servers)) {
                for (int i = slot; i < config.programs(); i += slots) {
                    if ((i / slots) % shards != shard) {
                        continue;
                    }
                    Program program = generator.generate(config.seed() + i);
                    compare(sim, real, program).ifPresent(mismatch -> {
                        mismatches.add(mismatch);
                        mismatch.report().forEach(progress);
                    });
                    ran++;
                    if (ran % 100 == 0) {
                        progress.accept("shard " + shard + ": " + ran + " programs on " + servers + " server(s), "
                                + mismatches.size() + " mismatch(es)");
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
        Outcome shrunkLeft = safeRun(sim, shrunk);
        Outcome shrunkRight = safeRun(real, shrunk);
        if (shrunkLeft.equals(shrunkRight)) {
            // The difference did not come back on a rerun: a nondeterministic one. Report the
            // first run as it was, unshrunk, rather than a program that now agrees.
            return java.util.Optional.of(new Mismatch(program, program, sim.name(), left, real.name(), right));
        }
        return java.util.Optional.of(new Mismatch(program, shrunk, sim.name(), shrunkLeft, real.name(), shrunkRight));
    }

    /** A side that throws has an outcome too: the failure, so it shows in the report. */
    private static Outcome safeRun(Side side, Program program) {
        try {
            return side.run(program);
        } catch (RuntimeException e) {
            return new Outcome(List.of("harness-failure " + e + (e.getCause() == null ? "" : " caused by " + e.getCause())));
        }
    }
}
