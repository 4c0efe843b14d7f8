package dev.zksim.workload;

import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.ConfigUnderTest;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A client of a watched configuration, as the writer or as a reader. The writer publishes
 * versions 1..n (every key set to the version), CONFIG_WRITE with the whole configuration,
 * retrying a version whose publication failed. A reader starts watching and records
 * CONFIG_READ with every configuration it reports, and the one it uses every
 * {@code sample}, so that what it believes after the heal is in the history. After
 * {@code Expired} either opens a new session and goes on with the same object (the reader
 * calls start again); a crash starts a new object with the new process incarnation.
 */
public final class ConfigWorkload extends SessionWorkload {
    /** The keys of every configuration; the version is key a's value. */
    public static final List<String> KEYS = List.of("a", "b", "c");

    /** The writer's versions and its pause between them, and the readers' sampling period (microseconds). */
    public record Plan(int versions, long gapMax, long sample) {
    }

    private final ConfigUnderTest.Factory factory;
    private final boolean writer;
    private final Plan plan;
    private ConfigUnderTest config;
    private int published;
    private boolean publishing;

    public ConfigWorkload(ConfigUnderTest.Factory factory, boolean writer, Plan plan, ClientLog log) {
        super(log);
        this.factory = factory;
        this.writer = writer;
        this.plan = plan;
    }

    @Override
    protected void begin(ClientContext ctx) {
        publishing = false;
        SessionClient mine = client;
        config = factory.create(client, entries -> {
            if (mine == client) {
                log.notify(OpKind.CONFIG_READ, value(entries));
            }
        });
        client.renewAfterLoss(() -> { }, this::resume);
        if (writer) {
            ctx.schedule(ctx.choices().longIn(0, Time.millis(200)), this::publish);
        } else {
            config.start();
            ctx.schedule(plan.sample(), () -> sample(mine));
        }
    }

    /** The new session after an expiry: a writer goes on publishing, a reader starts reading again. */
    private void resume() {
        if (writer) {
            publish();
        } else {
            config.start();
        }
    }

    private void publish() {
        if (published >= plan.versions() || publishing || client.connection().current() == ConnectionState.LOST) {
            return;
        }
        publishing = true;
        int version = published + 1;
        SortedMap<String, String> entries = new TreeMap<>();
        KEYS.forEach(key -> entries.put(key, Integer.toString(version)));
        Value value = value(entries);
        ClientLog.Call call = log.invoke(OpKind.CONFIG_WRITE, value);
        ConfigUnderTest mine = config;
        mine.publish(entries).whenComplete((ok, error) -> {
            if (mine != config) {
                return;
            }
            publishing = false;
            if (error == null) {
                call.ok(value);
                published = version;
            } else {
                call.info(Workloads.describe(error));
            }
            context.schedule(context.choices().longIn(Workloads.MIN_WRITE_GAP, plan.gapMax()), this::publish);
        });
    }

    private void sample(SessionClient owner) {
        if (owner != client) {
            return;
        }
        if (client.connection().current() == ConnectionState.CONNECTED) {
            config.current().ifPresent(entries -> log.notify(OpKind.CONFIG_READ, value(entries)));
        }
        context.schedule(plan.sample(), () -> sample(owner));
    }

    /** The configuration as the history shows it: (version, a=.., b=.., c=..), the version being key a's value. */
    public static Value value(SortedMap<String, String> entries) {
        String first = entries.get(KEYS.getFirst());
        List<Value> elements = new ArrayList<>(List.of(Value.of(first == null ? -1 : Long.parseLong(first))));
        for (String key : KEYS) {
            elements.add(Value.of(key + "=" + entries.get(key)));
        }
        return Value.tuple(elements);
    }
}
