package dev.zksim.testkit;

import dev.zksim.check.Checker;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Any client program under test, for coordination code that fits none of the shapes. The
 * user names the client programs and the checkers; the programs record their operations into
 * the history through {@link ScriptClient.Session#record} (invocation, then OK, FAIL or INFO),
 * and the checkers judge that history ({@link dev.zksim.check.Checker} is a public interface,
 * and the checkers of {@code dev.zksim.check} may be reused).
 *
 * <p>A program starts at every start of its client process with a fresh session; state it
 * keeps across restarts lives in the script object. It may open a new session itself after
 * {@code Expired} ({@link ScriptClient.Session#renew}).
 *
 * <p>What is the same for every seed is set on the builder ({@link #clients}, {@link #check},
 * {@link #settle}, {@link #verifyEnd}). What a seed decides (how many clients, how long a
 * timeout, which checkers with which bound) is set by a {@link PerSeed} plan, which draws its
 * knobs from the seed and fills in that seed's {@link Run}:
 *
 * <pre>{@code
 * Testkit.custom("naming")
 *         .perSeed((knobs, run) -> {
 *             int clients = knobs.intIn(2, 5);
 *             long bound = run.afterHeal(Time.seconds(5));
 *             run.clients(clients, () -> namer())
 *                     .check((heal, end) -> new UniqueNamesChecker())
 *                     .check((heal, end) -> new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ALLOCATE))
 *                     .settle(bound + Time.seconds(5))
 *                     .note("clients: " + clients);
 *         })
 *         .build();
 * }</pre>
 *
 * Clients are added in the order they are declared, the builder's first: c1, c2, ...
 */
public final class CustomScenario extends ScenarioBuilder<CustomScenario> {
    /** What the builder itself declares, the same for every seed, applied to each run first. */
    private final List<Consumer<Run>> declared = new ArrayList<>();
    private final List<PerSeed> plans = new ArrayList<>();
    private long settle = Time.seconds(20);

    /** Builds a checker for one run, given when the faults healed and when the run ends (microseconds). */
    @FunctionalInterface
    public interface CheckerFactory {
        Checker create(long healTime, long endTime);
    }

    /**
     * One seed's plan: draws what the seed decides from its knobs, in a fixed order, and sets
     * the run up accordingly. The ensemble has been drawn already ({@link Run#swarm}).
     */
    @FunctionalInterface
    public interface PerSeed {
        void plan(Choices knobs, Run run);
    }

    CustomScenario(String id) {
        super(id, "Custom " + id + ": client programs under random faults");
    }

    /** Adds {@code count} clients, each running its own script from the supplier. */
    public CustomScenario clients(int count, Supplier<ScriptClient.Script> scripts) {
        requireClients(count, scripts);
        declared.add(run -> run.clients(count, scripts));
        return this;
    }

    /** Adds a checker over the run's history. */
    public CustomScenario check(CheckerFactory checker) {
        Objects.requireNonNull(checker, "checker");
        declared.add(run -> run.check(checker));
        return this;
    }

    /**
     * How long the run may go on after the faults heal (microseconds); liveness bounds must fit
     * in it. A run that goes idle for good before then (its programs done, only pings left)
     * ends there, with the verdict the whole settle time would give.
     */
    public CustomScenario settle(long micros) {
        this.settle = positive(micros);
        return this;
    }

    /** Adds a check of the ensemble at the end of every run. */
    public CustomScenario verifyEnd(RecipeTrial.EndCheck check) {
        Objects.requireNonNull(check, "check");
        declared.add(run -> run.verifyEnd(check));
        return this;
    }

    /**
     * Adds a plan that each seed runs after drawing its ensemble: whatever it adds to the
     * {@link Run} comes after what the builder itself declared.
     */
    public CustomScenario perSeed(PerSeed plan) {
        plans.add(Objects.requireNonNull(plan, "plan"));
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.custom();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        Run run = new Run(swarm, faultsFor(swarm), settle);
        declared.forEach(step -> step.accept(run));
        for (PerSeed plan : plans) {
            plan.plan(knobs, run);
        }
        return run.trial(plans.isEmpty());
    }

    /**
     * What one seed runs: its ensemble, the fault profile, the clients, the checkers, the time
     * to settle after the heal, and the notes printed with the seed's knobs.
     */
    public static final class Run {
        private final SwarmKnobs swarm;
        private final List<RecipeTrial.Installer> installers = new ArrayList<>();
        private final List<CheckerFactory> checkers = new ArrayList<>();
        private final List<RecipeTrial.EndCheck> endChecks = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();
        private FaultProfile faults;
        private long settle;
        private int clients;

        private Run(SwarmKnobs swarm, FaultProfile faults, long settle) {
            this.swarm = swarm;
            this.faults = faults;
            this.settle = settle;
        }

        /** The ensemble this seed drew (or the builder's fixed one), with the knobs that made it. */
        public SwarmKnobs swarm() {
            return swarm;
        }

        /** The ensemble's configuration: servers, tick, session timeout, network, crash policy. */
        public EnsembleConfig ensemble() {
            return swarm.config();
        }

        /**
         * A liveness bound from the heal: two session timeouts (a crashed client's session must
         * expire before what it held is freed, and the new session must connect) plus
         * {@code work}, the time the workload still needs (microseconds).
         */
        public long afterHeal(long work) {
            return Bounds.afterHeal(swarm, work);
        }

        /** Adds one client, running a script from the supplier (a fresh one for every run installed). */
        public Run client(Supplier<ScriptClient.Script> script) {
            return clients(1, script);
        }

        /** Adds {@code count} clients, each running its own script from the supplier. */
        public Run clients(int count, Supplier<ScriptClient.Script> scripts) {
            installers.add(scripts(count, scripts));
            clients += count;
            return this;
        }

        /**
         * Adds clients of any kind: the installer adds its client programs to the ensemble
         * itself (in the order they get their ids), with the run's history for their logs.
         * Use it for programs that are not scripts, or for clients that share an object
         * created once per run (a protected resource).
         */
        public Run install(RecipeTrial.Installer installer) {
            installers.add(Objects.requireNonNull(installer, "installer"));
            return this;
        }

        /** Adds a checker over the run's history. */
        public Run check(CheckerFactory checker) {
            checkers.add(Objects.requireNonNull(checker, "checker"));
            return this;
        }

        /** Adds a check of the ensemble at the end of this run. */
        public Run verifyEnd(RecipeTrial.EndCheck check) {
            endChecks.add(Objects.requireNonNull(check, "check"));
            return this;
        }

        /** This seed's fault profile, replacing the builder's. */
        public Run faults(FaultProfile profile) {
            this.faults = Objects.requireNonNull(profile, "profile");
            return this;
        }

        /** How long this run goes on after the faults heal (microseconds), replacing the builder's. */
        public Run settle(long micros) {
            this.settle = positive(micros);
            return this;
        }

        /** A line printed with the seed's knobs and kept in its summary: "sites: 3". */
        public Run note(String line) {
            notes.add(Objects.requireNonNull(line, "line"));
            return this;
        }

        /** The trial; a scenario without a per-seed plan says how many clients it runs. */
        private Trial trial(boolean countClients) {
            if (installers.isEmpty()) {
                throw new IllegalStateException("a custom scenario needs clients before build()");
            }
            List<RecipeTrial.Installer> programs = List.copyOf(installers);
            List<CheckerFactory> factories = List.copyOf(checkers);
            RecipeTrial.Installer installer = (ensemble, history) -> programs.forEach(p -> p.install(ensemble, history));
            RecipeTrial.Checks checks = (heal, end) -> factories.stream().map(f -> f.create(heal, end)).toList();
            List<String> lines = new ArrayList<>(notes);
            if (countClients) {
                lines.addFirst("clients: " + clients);
            }
            return new RecipeTrial(swarm, faults, installer, settle, checks, lines, endChecks);
        }
    }

    private static void requireClients(int count, Supplier<ScriptClient.Script> scripts) {
        if (count < 1) {
            throw new IllegalArgumentException("clients: need at least one, not " + count);
        }
        Objects.requireNonNull(scripts, "scripts");
    }

    private static RecipeTrial.Installer scripts(int count, Supplier<ScriptClient.Script> scripts) {
        requireClients(count, scripts);
        return (ensemble, history) -> {
            for (int i = 0; i < count; i++) {
                Workloads.add(ensemble, new ScriptClient(new ClientLog(history), scripts.get()));
            }
        };
    }

    private static long positive(long micros) {
        if (micros <= 0) {
            throw new IllegalArgumentException("settle must be positive");
        }
        return micros;
    }
}
