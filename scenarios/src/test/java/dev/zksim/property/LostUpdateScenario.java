package dev.zksim.property;

import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.check.CheckResult;
import dev.zksim.check.Checker;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.History;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.history.Invocation;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.Trial;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A deliberately broken counter for testing the property engine: clients increment a znode
 * by read-then-write with version -1, so concurrent increments are lost. The checker
 * demands that the final value equals the number of acknowledged increments; two clients
 * with one increment each are enough to break it, and the shrinker should find that.
 */
final class LostUpdateScenario implements Scenario {
    static final OpKind INCREMENT = new OpKind("INCREMENT");
    static final OpKind READ = new OpKind("READ");

    @Override
    public String id() {
        return "test-lost-update";
    }

    @Override
    public String title() {
        return "Counter: read-modify-write without a version loses updates";
    }

    @Override
    public Trial prepare(Choices knobs) {
        int clients = knobs.intIn(1, 4);
        int increments = knobs.intIn(1, 8);
        return new CounterTrial(clients, increments);
    }

    private record CounterTrial(int clients, int increments) implements Trial {
        @Override
        public EnsembleConfig ensemble() {
            return EnsembleConfig.defaults(1);
        }

        @Override
        public FaultProfile faults() {
            return new FaultProfile(List.of(FaultKind.PAUSE_CLIENT, FaultKind.CLOG), 0, 2, Time.millis(100), Time.seconds(2),
                    Time.millis(10), Time.millis(500));
        }

        @Override
        public void install(Ensemble ensemble, HistoryRecorder history) {
            for (int i = 0; i < clients; i++) {
                ensemble.addClient(new Incrementer(history, increments, i == 0));
            }
        }

        @Override
        public long settle() {
            return Time.seconds(10);
        }

        @Override
        public List<Checker> checkers(long healTime, long endTime) {
            return List.of(new CounterChecker());
        }

        @Override
        public List<String> knobs() {
            return List.of("clients: " + clients, "increments per client: " + increments);
        }
    }

    /** Increments the counter the broken way, then (the first client) reads the result late. */
    private record Incrementer(HistoryRecorder history, int increments, boolean reader) implements ClientProgram {
        @Override
        public void started(ClientContext context, ZooKeeperClient zk) {
            zk.create("/counter", bytes(0), CreateMode.PERSISTENT).whenComplete((path, error) -> increment(context, zk, 0));
            if (reader) {
                context.schedule(Time.seconds(8), () -> {
                    Invocation read = history.invoke(context.id(), READ);
                    zk.getData("/counter", false).whenComplete((data, error) -> {
                        if (error == null) {
                            read.ok(Value.of(value(data.data())));
                        }
                    });
                });
            }
        }

        private void increment(ClientContext context, ZooKeeperClient zk, int done) {
            if (done == increments) {
                return;
            }
            context.schedule(context.choices().longIn(0, Time.millis(50)), () -> {
                Invocation op = history.invoke(context.id(), INCREMENT);
                zk.getData("/counter", false)
                        .thenCompose(data -> zk.setData("/counter", bytes(value(data.data()) + 1), -1))
                        .whenComplete((stat, error) -> {
                            if (error == null) {
                                op.ok();
                            } else {
                                op.info("unknown: " + error);
                            }
                            increment(context, zk, done + 1);
                        });
            });
        }
    }

    private static final class CounterChecker implements Checker {
        @Override
        public String name() {
            return "counter counts every acknowledged increment";
        }

        @Override
        public CheckResult check(History history) {
            long acknowledged = history.ops().stream().filter(op -> op.f().equals(INCREMENT) && op.type() == OpType.OK).count();
            List<Op> reads = history.ops().stream().filter(op -> op.f().equals(READ) && op.type() == OpType.OK).toList();
            if (reads.isEmpty()) {
                return CheckResult.valid(name());
            }
            long seen = reads.getLast().value().asLong();
            return seen >= acknowledged ? CheckResult.valid(name())
                    : CheckResult.safety(name(), reads.getLast().time(), acknowledged + " increments acknowledged but the counter reads "
                            + seen, reads);
        }
    }

    private static byte[] bytes(long value) {
        return Long.toString(value).getBytes(StandardCharsets.UTF_8);
    }

    private static long value(byte[] data) {
        return Long.parseLong(new String(data, StandardCharsets.UTF_8));
    }
}
