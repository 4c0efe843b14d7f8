package dev.zksim.sweep;

import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.property.PropertyCheck;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.RunawayRun;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.SeedSkipped;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.jctools.queues.MpscUnboundedArrayQueue;

/**
 * Runs many seeds of a scenario in parallel: one simulation per worker thread (each
 * simulation itself stays single-threaded and deterministic), results handed to this
 * thread over a lock-free queue, progress reported as it goes. Every seed yields exactly
 * one result, whatever happens to its run: an exception becomes a SIMULATOR_CRASH finding,
 * a run past its bounds a RUNAWAY finding, and a run stuck past its wall-clock bound is
 * abandoned (its worker replaced) so the collector never waits on a result that will not
 * come. {@link #requestStop()} (Ctrl-C) ends the sweep early with what it has.
 */
@SuppressForbidden("the sweep's worker pool runs independent simulations in parallel; the clock measures throughput"
        + " and bounds each run's wall time")
public final class Sweep {
    /** Told of progress; called on the sweep's own thread. */
    public interface Progress {
        void update(int done, int total, int failures, double seedsPerSecond);
    }

    private record Running(RunSpec spec, long startNanos, AtomicBoolean cancel) {
    }

    private final ScenarioRunner runner;
    private final long graceMillis;
    private boolean everyDigest;
    private volatile boolean stopRequested;
    private volatile boolean finishing;

    public Sweep(ScenarioRunner runner) {
        this(runner, WallClock.GRACE_MILLIS);
    }

    /** A sweep that abandons a cancelled run still going {@code graceMillis} after its wall-clock bound. */
    Sweep(ScenarioRunner runner, long graceMillis) {
        this.runner = runner.withLimits(WallClock.cancellable(runner.limits()));
        this.graceMillis = graceMillis;
    }

    /**
     * Computes every seed's trace digest, not only the findings': for a sweep whose combined
     * digest is printed or compared ({@link SweepResult#combinedDigest}, the demo, the
     * scaling check). Otherwise a passing seed runs without the digest, about twice as fast
     * with the trace on, and a seed that does not pass runs once more with it, for its line.
     * Call before {@link #run}.
     */
    public Sweep digestingEverySeed() {
        this.everyDigest = true;
        return this;
    }

    /** Ends the sweep as soon as possible; the result says it was interrupted. Safe from any thread. */
    public void requestStop() {
        stopRequested = true;
    }

    /**
     * Starts no further seed (the rest count as not run) and ends once the running ones are
     * done, as a normal end: the first failure found so far is still shrunk. For a user's stop
     * rule (the first failure, a time budget), unlike {@link #requestStop}, which is Ctrl-C.
     * Safe from any thread.
     */
    public void finishEarly() {
        finishing = true;
    }

    public SweepResult run(SweepConfig config, Progress progress) {
        return run(config, progress, finding -> { });
    }

    /** Runs the sweep; {@code onFinding} hears of each failing seed on this thread as soon as it is known. */
    public SweepResult run(SweepConfig config, Progress progress, Consumer<SeedResult> onFinding) {
        long[] seeds = config.seeds();
        MpscUnboundedArrayQueue<SeedResult> results = new MpscUnboundedArrayQueue<>(1024);
        Map<Long, Running> running = new ConcurrentSkipListMap<>();
        ThreadPoolExecutor workers = new ThreadPoolExecutor(config.threads(), config.threads(), 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), task -> {
                    Thread thread = new Thread(task, "zksim-sweep");
                    thread.setDaemon(true);
                    return thread;
                });
        long start = System.nanoTime();
        for (long seed : seeds) {
            RunSpec spec = RunSpec.of(config.scenario(), seed).withPlan(config.fixedPlan());
            workers.execute(() -> runSeed(spec, running, results));
        }
        Tally tally = new Tally();
        long lastWatch = start;
        try {
            while (tally.done < seeds.length && !stopRequested) {
                SeedResult result = results.poll();
                if (result == null) {
                    if (System.nanoTime() - lastWatch > 100_000_000L) {
                        lastWatch = System.nanoTime();
                        watch(config.wallLimitMillis(), graceMillis, running, results, workers);
                    }
                    pause();
                    continue;
                }
                if (tally.add(result)) {
                    onFinding.accept(result);
                }
                progress.update(tally.done, seeds.length, tally.findings.size(),
                        tally.done * 1e9 / Math.max(1, System.nanoTime() - start));
            }
        } finally {
            running.values().forEach(run -> run.cancel().set(true));
            workers.shutdownNow();
        }
        long wallMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        boolean interrupted = tally.done < seeds.length;
        Optional<PropertyCheck.Counterexample> first = interrupted ? Optional.empty() : firstCounterexample(config, tally);
        List<String> declared = runner.catalog().find(config.scenario()).goals().stream().map(Goal::name).toList();
        return new SweepResult(config.scenario(), tally.done - tally.skipped - tally.notRun, tally.skipped, tally.events,
                wallMillis, tally.findings, tally.digests, first, interrupted,
                declared.stream().filter(tally.goals::contains).toList(),
                declared.stream().filter(goal -> !tally.goals.contains(goal)).toList(), tally.notRun);
    }

    private void runSeed(RunSpec spec, Map<Long, Running> running, MpscUnboundedArrayQueue<SeedResult> results) {
        if (stopRequested) {
            return;
        }
        if (finishing) {
            // Every seed still yields a result, so the collector ends as it always does.
            results.offer(SeedResult.notRun(spec));
            return;
        }
        Running entry = new Running(spec, System.nanoTime(), new AtomicBoolean());
        running.put(spec.seed(), entry);
        WallClock.bind(entry.cancel());
        SeedResult result;
        try {
            result = SeedResult.of(everyDigest ? runner.run(spec) : runner.runDigestingFailures(spec));
        } catch (SeedSkipped skipped) {
            result = SeedResult.skipped(spec, skipped.getMessage());
        } catch (RunawayRun runaway) {
            result = SeedResult.runaway(runaway);
        } catch (Throwable error) {
            // Anything at all: the seed must yield a result, or the collector would wait forever.
            result = SeedResult.crashed(spec, error);
        } finally {
            WallClock.bind(null);
        }
        if (running.remove(spec.seed(), entry)) {
            results.offer(result);
        }
    }

    /**
     * Cancels runs past their wall-clock bound; a run still going a grace period later is
     * abandoned: its result is given now, and a new worker takes the stuck one's place.
     */
    private static void watch(long limitMillis, long graceMillis, Map<Long, Running> running, MpscUnboundedArrayQueue<SeedResult> results,
                              ThreadPoolExecutor workers) {
        long now = System.nanoTime();
        for (Running run : running.values()) {
            long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(now - run.startNanos());
            if (elapsedMillis > limitMillis) {
                run.cancel().set(true);
            }
            if (elapsedMillis > limitMillis + graceMillis && running.remove(run.spec().seed(), run)) {
                results.offer(SeedResult.abandoned(run.spec(), "runaway run: still running " + elapsedMillis
                        + " ms after it started, past the wall-clock bound of " + limitMillis + " ms; abandoned"));
                workers.setMaximumPoolSize(workers.getMaximumPoolSize() + 1);
                workers.setCorePoolSize(workers.getCorePoolSize() + 1);
            }
        }
    }

    /** The first failing seed's counterexample, re-run (runs are deterministic) and shrunk if asked. */
    private Optional<PropertyCheck.Counterexample> firstCounterexample(SweepConfig config, Tally tally) {
        Optional<SeedResult> first = tally.findings.values().stream().filter(r -> r.verdict() != Verdict.RUNAWAY
                && !r.digest().equals("-")).findFirst();
        if (first.isEmpty()) {
            return Optional.empty();
        }
        try {
            RunOutcome outcome = runner.run(RunSpec.of(config.scenario(), first.get().seed()).withPlan(config.fixedPlan()));
            return outcome.failed() ? Optional.of(new PropertyCheck(runner).counterexample(outcome,
                    config.shrinkFirstFailure())) : Optional.empty();
        } catch (RuntimeException e) {
            // The finding itself is already reported with its line; a counterexample is extra.
            return Optional.empty();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("sweep interrupted", e);
        }
    }

    /** What the collector has counted so far. */
    private static final class Tally {
        final SortedMap<Long, SeedResult> findings = new TreeMap<>();
        final SortedMap<Long, String> digests = new TreeMap<>();
        /** The goals some seed reached. */
        final Set<String> goals = new LinkedHashSet<>();
        int done;
        int skipped;
        /** Seeds never started because the sweep stopped early: not skipped, which means the plan did not apply. */
        int notRun;
        long events;

        /** Counts one result; true if it is a finding. */
        boolean add(SeedResult result) {
            done++;
            if (result.verdict() == Verdict.SKIPPED) {
                skipped++;
                return false;
            }
            if (result.verdict() == Verdict.NOT_RUN) {
                notRun++;
                return false;
            }
            events += result.events();
            goals.addAll(result.goalsReached());
            digests.put(result.seed(), result.digest());
            if (result.verdict().isFailure()) {
                findings.put(result.seed(), result);
                return true;
            }
            return false;
        }
    }
}
