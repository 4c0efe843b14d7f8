package dev.zksim.recipes.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A writer publishes generation after generation, every entry carrying the generation's
 * number; readers must only ever be handed configurations whose entries all agree. A naive
 * reader that skips the ready protocol shows that mixed configurations are really observable
 * in this workload, so the check has teeth.
 */
class ConfigSimulationTest {
    private static final String PATH = "/config";
    private static final int KEYS = 6;
    private static final int GENERATIONS = 60;

    private final Map<String, List<Config>> reported = new LinkedHashMap<>();
    private final List<String> violations = new ArrayList<>();
    private final Set<Set<String>> naiveMixes = new LinkedHashSet<>();
    private int nextGeneration = 1;

    private static SortedMap<String, byte[]> generation(int number) {
        SortedMap<String, byte[]> entries = new TreeMap<>();
        for (int k = 0; k < KEYS; k++) {
            entries.put("key" + k, Integer.toString(number).getBytes(StandardCharsets.UTF_8));
        }
        return entries;
    }

    private void write(ClientContext ctx, ConfigWriter writer) {
        if (nextGeneration > GENERATIONS) {
            return;
        }
        int number = nextGeneration;
        writer.publish(generation(number)).thenRun(() -> {
            nextGeneration = Math.max(nextGeneration, number + 1);
            ctx.schedule(Time.millis(ctx.choices().intIn(0, 4)), () -> write(ctx, writer));
        });
    }

    private void check(String reader, Config config) {
        Set<String> values = new LinkedHashSet<>();
        config.entries().keySet().forEach(key -> values.add(config.text(key)));
        if (config.entries().size() != KEYS || values.size() != 1) {
            violations.add(reader + " got " + config);
        }
        reported.computeIfAbsent(reader, id -> new ArrayList<>()).add(config);
    }

    private void naivePoll(ClientContext ctx, ZooKeeperClient zk) {
        List<CompletableFuture<String>> reads = new ArrayList<>();
        for (int k = 0; k < KEYS; k++) {
            reads.add(zk.getData(PATH + "/key" + k, false)
                    .thenApply(read -> new String(read.data(), StandardCharsets.UTF_8)).toCompletableFuture());
        }
        CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).whenComplete((ok, error) -> {
            if (error == null) {
                Set<String> values = new LinkedHashSet<>();
                reads.forEach(read -> values.add(read.join()));
                if (values.size() > 1) {
                    naiveMixes.add(values);
                }
            }
            ctx.schedule(Time.millis(1), () -> naivePoll(ctx, zk));
        });
    }

    private Ensemble run(long seed) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(1));
        ensemble.addClient((ctx, zk) -> write(ctx, new ConfigWriter(zk, PATH)));
        for (int r = 0; r < 3; r++) {
            ensemble.addClient((ctx, zk) -> new ConfigReader(zk, PATH, config -> check(ctx.id(), config)).start());
        }
        return ensemble;
    }

    private void assertConverged() {
        assertThat(violations).as("no reader was ever handed a partial configuration").isEmpty();
        assertThat(reported).hasSize(3);
        for (List<Config> configs : reported.values()) {
            assertThat(configs.getLast().text("key0")).isEqualTo(Integer.toString(GENERATIONS));
            List<Long> versions = configs.stream().map(Config::version).toList();
            assertThat(versions).as("versions only go forward").isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void readersOnlyEverSeeCompleteConfigurationsWhileANaiveReaderSeesMixes() {
        Ensemble ensemble = run(3);
        ensemble.addClient((ctx, zk) -> ctx.schedule(Time.millis(300), () -> naivePoll(ctx, zk)));
        ensemble.runFor(Time.seconds(8));
        assertConverged();
        assertThat(reported.values()).allSatisfy(configs -> assertThat(configs).hasSizeGreaterThan(3));
        assertThat(naiveMixes).as("the workload does expose half-written configurations").isNotEmpty();
    }

    @Test
    void lostRepliesAndAWriterCrashMidPublicationNeverExposeAPartialConfiguration() {
        Ensemble ensemble = run(8);
        ensemble.runFor(Time.millis(400));
        for (int step = 0; step < 20; step++) {
            ensemble.faults().dropReply("c" + (1 + step % 4));
            ensemble.runFor(Time.millis(37));
        }
        ensemble.faults().crash("c1");
        ensemble.runFor(Time.millis(500));
        ensemble.faults().restart("c1");
        assertThat(ensemble.faults().expireSession("c3")).isTrue();
        ensemble.runFor(Time.seconds(15));
        assertThat(violations).isEmpty();
        reported.forEach((reader, configs) -> {
            if (!reader.equals("c3")) {
                assertThat(configs.getLast().text("key0")).as(reader).isEqualTo(Integer.toString(GENERATIONS));
            }
        });
    }
}
