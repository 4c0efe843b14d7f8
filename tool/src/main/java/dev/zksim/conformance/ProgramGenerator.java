package dev.zksim.conformance;

import dev.zksim.api.CreateMode;
import dev.zksim.api.WatcherType;
import dev.zksim.conformance.Operation.Check;
import dev.zksim.conformance.Operation.Create;
import dev.zksim.conformance.Operation.Delete;
import dev.zksim.conformance.Operation.SetData;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes random programs from a seed. Paths come from a small pool under {@link Program#ROOT}
 * so that operations collide often: creates meet NodeExists, deletes meet NotEmpty, the
 * names of earlier sequential creates are read back, watches set by one client are fired
 * by another. Versions come from a small pool too, so -1, the right version and a wrong one
 * all occur. Invalid paths, the root, {@code /zookeeper}, watch removals, close and session
 * expiry are rarer; a payload over jute.maxbuffer is rarest, since the real client then reconnects.
 */
public final class ProgramGenerator {
    private static final List<String> NODES = List.of("/t/a", "/t/b", "/t/a/x", "/t/a/y", "/t/b/x",
            "/t/s-0000000000", "/t/s-0000000001", "/t/s-0000000003", "/t/a/s-0000000002", "/t/0000000001");
    private static final List<String> PARENTS = List.of("/t", "/t/a", "/t/b", "/t/a/x", "/t/missing");
    private static final List<String> SEQUENTIAL_PREFIXES = List.of("/t/s-", "/t/a/s-", "/t/", "/t/e/s-");
    private static final List<String> INVALID = List.of("/t/a/", "/t//a", "/t/a/.", "/t/..", "t/a", "", "/t/\u0001");
    private static final List<String> TEXTS = List.of("", "x", "yy", "hello");
    private static final List<Integer> VERSIONS = List.of(-1, -1, 0, 0, 1, 2, 5);
    private static final List<CreateMode> MODES = List.of(CreateMode.PERSISTENT, CreateMode.PERSISTENT,
            CreateMode.EPHEMERAL, CreateMode.PERSISTENT_SEQUENTIAL, CreateMode.EPHEMERAL_SEQUENTIAL, CreateMode.CONTAINER);

    private final int maxClients;
    private final int maxSteps;

    public ProgramGenerator(int maxClients, int maxSteps) {
        if (maxClients < 1 || maxSteps < 1) {
            throw new IllegalArgumentException("need at least one client and one step");
        }
        this.maxClients = maxClients;
        this.maxSteps = maxSteps;
    }

    /** The program of this seed: the same seed gives the same program. */
    public Program generate(long seed) {
        Choices choices = new SeededChoices(seed).stream("conformance-program");
        int clients = choices.intIn(1, maxClients);
        int count = choices.intIn(1, maxSteps);
        List<Program.Step> steps = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            steps.add(new Program.Step(choices.intIn(0, clients - 1), operation(choices)));
        }
        return new Program(seed, clients, steps);
    }

    private static Operation operation(Choices choices) {
        int roll = choices.intIn(0, 999);
        if (roll < 300) {
            return create(choices);
        }
        if (roll < 380) {
            return new Delete(deletePath(choices), version(choices));
        }
        if (roll < 470) {
            return new SetData(node(choices), payload(choices), version(choices));
        }
        if (roll < 550) {
            return new Operation.Exists(node(choices), watch(choices));
        }
        if (roll < 630) {
            return new Operation.GetData(node(choices), watch(choices));
        }
        if (roll < 730) {
            return new Operation.GetChildren(choices.pick(PARENTS), watch(choices), choices.chance(1, 2));
        }
        if (roll < 760) {
            return new Operation.Sync(choices.chance(1, 2) ? Program.ROOT : node(choices));
        }
        if (roll < 900) {
            return multi(choices);
        }
        return rare(choices, roll);
    }

    private static Operation rare(Choices choices, int roll) {
        if (roll < 930) {
            return invalid(choices);
        }
        if (roll < 950) {
            return new Operation.RemoveWatches(choices.chance(2, 3) ? node(choices) : choices.pick(PARENTS),
                    choices.chance(1, 2), choices.pick(List.of(WatcherType.values())), choices.chance(1, 4));
        }
        if (roll < 975) {
            return new Operation.Close();
        }
        if (roll < 985) {
            return new Operation.Expire();
        }
        if (roll < 990) {
            return new Operation.GetChildren(choices.pick(PARENTS), WatchKind.DEFAULT, false);
        }
        if (roll < 993) {
            return new Operation.AddWatch(choices.chance(1, 2) ? node(choices) : choices.pick(PARENTS), choices.chance(1, 2));
        }
        return roll < 996 ? new Operation.GetEphemerals(choices.chance(1, 2) ? Program.ROOT : choices.pick(PARENTS))
                : new Operation.GetAllChildrenNumber(choices.pick(PARENTS));
    }

    private static Create create(Choices choices) {
        CreateMode mode = choices.pick(MODES);
        String path = mode.isSequential() ? choices.pick(SEQUENTIAL_PREFIXES) : createPath(choices);
        return new Create(path, payload(choices), mode, choices.chance(1, 2));
    }

    private static String createPath(Choices choices) {
        if (choices.chance(1, 40)) {
            return "/";
        }
        return choices.chance(1, 5) ? choices.pick(PARENTS) : node(choices);
    }

    private static String deletePath(Choices choices) {
        if (choices.chance(1, 40)) {
            return choices.chance(1, 2) ? "/" : "/zookeeper";
        }
        return node(choices);
    }

    private static Operation invalid(Choices choices) {
        String path = choices.pick(INVALID);
        return switch (choices.intIn(0, 3)) {
            case 0 -> new Create(path, payload(choices), CreateMode.PERSISTENT, false);
            case 1 -> new Delete(path, -1);
            case 2 -> new Operation.GetData(path, WatchKind.NONE);
            default -> new Operation.Multi(List.of(new Create("/t/a", new Payload.Null(), CreateMode.PERSISTENT, false),
                    new SetData(path, new Payload.Null(), -1)));
        };
    }

    private static Operation.Multi multi(Choices choices) {
        int size = choices.intIn(1, 4);
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            ops.add(switch (choices.intIn(0, 3)) {
                case 0 -> new Create(choices.chance(1, 4) ? choices.pick(SEQUENTIAL_PREFIXES) : node(choices),
                        payload(choices), choices.chance(1, 4) ? CreateMode.PERSISTENT_SEQUENTIAL : choices.pick(MODES),
                        false);
                case 1 -> new Delete(node(choices), version(choices));
                case 2 -> new SetData(node(choices), payload(choices), version(choices));
                default -> new Check(node(choices), version(choices));
            });
        }
        return new Operation.Multi(fixSequential(ops));
    }

    /** A sequential mode needs a prefix path and a plain mode a node path; make each create agree. */
    private static List<Operation> fixSequential(List<Operation> ops) {
        return ops.stream().map(op -> op instanceof Create c && c.mode().isSequential() && !c.path().endsWith("-")
                && !c.path().endsWith("/") ? new Create(c.path() + "-", c.data(), c.mode(), false) : op).toList();
    }

    /** Mostly the first two nodes, so that their children and their watches see action. */
    private static String node(Choices choices) {
        if (choices.chance(2, 5)) {
            return choices.pick(NODES.subList(0, 2));
        }
        return choices.pick(NODES.subList(0, choices.chance(2, 3) ? 5 : NODES.size()));
    }

    private static int version(Choices choices) {
        return choices.pick(VERSIONS);
    }

    private static WatchKind watch(Choices choices) {
        return choices.pick(List.of(WatchKind.NONE, WatchKind.DEFAULT, WatchKind.DEFAULT, WatchKind.OWN));
    }

    private static Payload payload(Choices choices) {
        if (choices.chance(1, 500)) {
            return new Payload.Oversized();
        }
        return choices.chance(1, 5) ? new Payload.Null() : new Payload.Text(choices.pick(TEXTS));
    }
}
