package dev.zksim.catalog;

import dev.zksim.check.CheckResult;
import dev.zksim.check.Checker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.QueueChecker;
import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Scenario;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.QueueScripts;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.Workloads;
import java.util.List;
import java.util.TreeSet;

/** The FIFO and priority queues' scenarios, and a broken consumer as a canary. */
public final class QueueScenarios {

    private QueueScenarios() {
    }

    public static Scenario fifo() {
        return queue("fifo-queue", "Queue: producers and consumers keep FIFO order under random faults", false, false);
    }

    public static Scenario priority() {
        return queue("priority-queue", "Priority queue: urgent items overtake, equal ones stay in order, under random faults",
                true, false);
    }

    public static Scenario uncheckedConsumerCanary() {
        return queue("canary-queue-unchecked-delete",
                "Canary: a consumer that deletes without checking it won dequeues items twice", false, true);
    }

    private static Scenario queue(String id, String title, boolean priorities, boolean broken) {
        return new CatalogScenario(id, title, knobs -> {
            SwarmKnobs swarm = SwarmKnobs.pick(knobs, List.of(1, 3, 5));
            int producers = knobs.intIn(1, 3);
            int consumers = knobs.intIn(broken ? 2 : 1, 3);
            int items = knobs.intIn(3, 10);
            long bound = Bounds.afterHeal(swarm, Time.seconds(5));
            FaultProfile faults = Profiles.random(Profiles.withoutPausedClients(), 0, broken ? 0 : 3, Time.seconds(3));
            RecipeTrial.Installer installer = (ensemble, history) -> {
                for (int i = 0; i < producers; i++) {
                    Workloads.add(ensemble, new ScriptClient(new ClientLog(history), QueueScripts.producer(items, priorities)));
                }
                for (int i = 0; i < consumers; i++) {
                    ScriptClient.Script script = broken ? QueueScripts.uncheckedConsumer() : QueueScripts.consumer(priorities);
                    Workloads.add(ensemble, new ScriptClient(new ClientLog(history), script));
                }
            };
            RecipeTrial.Checks checks = (heal, end) -> List.of(drainedUnlessConsumersGone(),
                    new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ENQUEUE));
            return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, List.of(
                    "producers: " + producers, "consumers: " + consumers + (broken ? " (unchecked delete)" : ""),
                    "items per producer: " + items, "liveness bound: " + Time.format(bound)));
        });
    }

    /**
     * Ordered always; drained too, unless every consumer lost its session: a dead handle
     * cannot take, so items left behind then are not the queue's fault.
     */
    static Checker drainedUnlessConsumersGone() {
        return new Checker() {
            @Override
            public String name() {
                return "queue";
            }

            @Override
            public CheckResult check(History history) {
                TreeSet<String> consumers = new TreeSet<>();
                TreeSet<String> lost = new TreeSet<>();
                for (Op op : history) {
                    if (op.f().equals(OpKind.DEQUEUE)) {
                        consumers.add(op.process());
                    } else if (op.f().equals(OpKind.LOST)) {
                        lost.add(op.process());
                    }
                }
                boolean someAlive = !lost.containsAll(consumers);
                return (someAlive ? QueueChecker.orderedAndDrained() : QueueChecker.ordered()).check(history);
            }
        };
    }
}
