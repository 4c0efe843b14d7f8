package dev.zksim.testkit;

import dev.zksim.check.Checker;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
 */
public final class CustomScenario extends ScenarioBuilder<CustomScenario> {
    private final List<Group> groups = new ArrayList<>();
    private final List<CheckerFactory> checkers = new ArrayList<>();
    private long settle = Time.seconds(20);

    /** Builds a checker for one run, given when the faults healed and when the run ends (microseconds). */
    @FunctionalInterface
    public interface CheckerFactory {
        Checker create(long healTime, long endTime);
    }

    private record Group(int count, Supplier<ScriptClient.Script> scripts) {
    }

    CustomScenario(String id) {
        super(id, "Custom " + id + ": client programs under random faults");
    }

    /** Adds {@code count} clients, each running its own script from the supplier. */
    public CustomScenario clients(int count, Supplier<ScriptClient.Script> scripts) {
        if (count < 1) {
            throw new IllegalArgumentException("clients: need at least one, not " + count);
        }
        groups.add(new Group(count, Objects.requireNonNull(scripts, "scripts")));
        return this;
    }

    /** Adds a checker over the run's history. */
    public CustomScenario check(CheckerFactory checker) {
        checkers.add(Objects.requireNonNull(checker, "checker"));
        return this;
    }

    /** How long the run goes on after the faults heal (microseconds); liveness bounds must fit in it. */
    public CustomScenario settle(long micros) {
        if (micros <= 0) {
            throw new IllegalArgumentException("settle must be positive");
        }
        this.settle = micros;
        return this;
    }

    @Override
    protected Trial prepare(Choices knobs) {
        if (groups.isEmpty()) {
            throw new IllegalStateException("a custom scenario needs clients(...) before build()");
        }
        SwarmKnobs swarm = swarm(knobs);
        RecipeTrial.Installer installer = (ensemble, history) -> {
            for (Group group : groups) {
                for (int i = 0; i < group.count(); i++) {
                    Workloads.add(ensemble, new ScriptClient(new ClientLog(history), group.scripts().get()));
                }
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> checkers.stream().map(factory -> factory.create(heal, end)).toList();
        int clients = groups.stream().mapToInt(Group::count).sum();
        return new RecipeTrial(swarm, faultsFor(swarm), installer, settle, checks, List.of("clients: " + clients));
    }
}
