package dev.zksim.sweep;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jctools.queues.MpscUnboundedArrayQueue;

/**
 * Runs many seeds of a scenario in parallel: one simulation per worker thread (each
 * simulation itself stays single-threaded and deterministic), results handed to this
 * thread over a lock-free queue, progress reported as it goes. This is the one place in
 * simulation code that starts threads and reads the wall clock, to measure throughput.
 */
@SuppressForbidden("the sweep's worker pool runs independent simulations in parallel; the clock measures throughput only")
public final class Sweep {
    /** Told of progress; called on the sweep's own thread. */
    public interface Progress {
        void update(int done, int total, int failures, double seedsPerSecond);
    }

    private final ScenarioRunner runner;

    public Sweep(ScenarioRunner runner) {
        this.runner = runner;
    }

    public SweepResult run(SweepConfig config, Progress progress) {
        long[] seeds = config.seeds();
        MpscUnboundedArrayQueue<RunOutcome> results = new MpscUnboundedArrayQueue<>(1024);
        ExecutorService workers = Executors.newFixedThreadPool(config.threads());
        long start = System.nanoTime();
        for (long seed : seeds) {
            RunSpec spec = RunSpec.of(config.scenario(), seed).withPlan(config.fixedPlan());
            workers.execute(() -> results.offer(runner.run(spec)));
        }
        workers.shutdown();
        SortedMap<Long, FailureKind> failures = new TreeMap<>();
        SortedMap<Long, RunOutcome> failed = new TreeMap<>();
        SortedMap<Long, String> digests = new TreeMap<>();
        long events = 0;
        int done = 0;
        while (done < seeds.length) {
            RunOutcome outcome = results.poll();
            if (outcome == null) {
                pause();
                continue;
            }
            done++;
            events += outcome.events();
            digests.put(outcome.spec().seed(), outcome.digest());
            if (outcome.failed()) {
                failures.put(outcome.spec().seed(), outcome.failureKind().orElseThrow());
                failed.put(outcome.spec().seed(), outcome);
                record(config, outcome);
            }
            progress.update(done, seeds.length, failures.size(), done * 1e9 / Math.max(1, System.nanoTime() - start));
        }
        long wallMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        Optional<PropertyCheck.Counterexample> first = failed.isEmpty() ? Optional.empty()
                : Optional.of(new PropertyCheck(runner).counterexample(failed.get(failed.firstKey()), config.shrinkFirstFailure()));
        return new SweepResult(config.scenario(), seeds.length, events, wallMillis, failures, digests, first);
    }

    private static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("sweep interrupted", e);
        }
    }

    /** Appends the failing seed and its reproduce line; earlier lines are never rewritten. */
    private static void record(SweepConfig config, RunOutcome outcome) {
        if (config.results() == null) {
            return;
        }
        String line = "seed " + outcome.spec().seed() + " " + outcome.failureKind().orElseThrow() + " ./zksim replay "
                + new ReproLine(outcome.spec(), outcome.digest()) + " # "
                + outcome.failure().map(Throwable::getMessage).orElse("").replace('\n', ' ') + "\n";
        try {
            if (config.results().getParent() != null) {
                Files.createDirectories(config.results().getParent());
            }
            Files.writeString(config.results(), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results file " + config.results(), e);
        }
    }
}
