package dev.zksim.official.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.zookeeper.CreateMode;

/**
 * A generated differential program: a list of steps, each one call of the official client
 * API by client A or B, over a small set of paths so that calls collide. The same program
 * runs through org.apache.zookeeper.ZooKeeper on both sides: the drop-in on the simulated
 * ensemble and the real client on a real server.
 */
record OfficialProgram(long seed, List<Step> steps) {

    /** One call. {@code kind} names the API form; the other fields are its arguments. */
    record Step(String client, Kind kind, String path, String data, CreateMode mode, int version, boolean watch,
            List<Step> ops) {
        @Override
        public String toString() {
            return client + " " + kind + " " + path + (data == null ? "" : " data=" + data)
                    + (mode == null ? "" : " " + mode) + " v=" + version + (watch ? " watch" : "")
                    + (ops.isEmpty() ? "" : " " + ops);
        }
    }

    enum Kind {
        CREATE, CREATE2, CREATE_ASYNC, CREATE2_ASYNC, DELETE, DELETE_ASYNC, SET_DATA, SET_DATA_ASYNC, EXISTS,
        EXISTS_ASYNC, GET_DATA, GET_DATA_ASYNC, GET_CHILDREN, GET_CHILDREN2, GET_CHILDREN_ASYNC, MULTI, MULTI_ASYNC,
        TRANSACTION, SYNC, CHECK, GET_EPHEMERALS, GET_EPHEMERALS_ASYNC, ALL_CHILDREN_NUMBER, ALL_CHILDREN_NUMBER_ASYNC,
        CREATE_TTL, ADD_WATCH, ADD_WATCH_ASYNC, REMOVE_WATCHES, REMOVE_WATCHES_ASYNC, REMOVE_ALL_WATCHES,
        REMOVE_ALL_WATCHES_ASYNC
    }

    private static final List<String> PATHS = List.of("/a", "/a/x", "/a/y", "/a/x/q", "/b", "/b/z");
    private static final CreateMode[] MODES = {
        CreateMode.PERSISTENT, CreateMode.PERSISTENT, CreateMode.EPHEMERAL, CreateMode.PERSISTENT_SEQUENTIAL,
        CreateMode.EPHEMERAL_SEQUENTIAL, CreateMode.CONTAINER
    };
    private static final Kind[] TOP_LEVEL = {
        Kind.CREATE, Kind.CREATE, Kind.CREATE2, Kind.CREATE_ASYNC, Kind.CREATE2_ASYNC, Kind.DELETE, Kind.DELETE_ASYNC,
        Kind.SET_DATA, Kind.SET_DATA_ASYNC, Kind.EXISTS, Kind.EXISTS_ASYNC, Kind.GET_DATA, Kind.GET_DATA_ASYNC,
        Kind.GET_CHILDREN, Kind.GET_CHILDREN2, Kind.GET_CHILDREN_ASYNC, Kind.MULTI, Kind.MULTI_ASYNC,
        Kind.TRANSACTION, Kind.SYNC, Kind.GET_EPHEMERALS, Kind.GET_EPHEMERALS_ASYNC, Kind.ALL_CHILDREN_NUMBER,
        Kind.ALL_CHILDREN_NUMBER_ASYNC, Kind.CREATE_TTL,
        Kind.ADD_WATCH, Kind.ADD_WATCH_ASYNC, Kind.REMOVE_WATCHES, Kind.REMOVE_WATCHES_ASYNC, Kind.REMOVE_ALL_WATCHES,
        Kind.REMOVE_ALL_WATCHES_ASYNC
    };
    private static final Kind[] IN_MULTI = {Kind.CREATE, Kind.DELETE, Kind.SET_DATA, Kind.CHECK, Kind.CREATE_TTL};

    static OfficialProgram generate(long seed, int length) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            Kind kind = TOP_LEVEL[random.nextInt(TOP_LEVEL.length)];
            String client = random.nextInt(3) == 0 ? "B" : "A";
            List<Step> ops = List.of();
            if (kind == Kind.MULTI || kind == Kind.MULTI_ASYNC || kind == Kind.TRANSACTION) {
                ops = new ArrayList<>();
                int count = 1 + random.nextInt(3);
                for (int j = 0; j < count; j++) {
                    ops.add(step(random, client, IN_MULTI[random.nextInt(IN_MULTI.length)], List.of()));
                }
                ops = List.copyOf(ops);
            }
            steps.add(step(random, client, kind, ops));
        }
        return new OfficialProgram(seed, List.copyOf(steps));
    }

    private static Step step(SplittableRandom random, String client, Kind kind, List<Step> ops) {
        String path = PATHS.get(random.nextInt(PATHS.size()));
        String data = "d" + random.nextInt(4);
        CreateMode mode = MODES[random.nextInt(MODES.length)];
        // The real server's root keeps its child counter across programs (the simulated one
        // starts fresh), so sequential nodes are made only below the nodes a program owns.
        if (mode.isSequential() && path.lastIndexOf('/') == 0) {
            mode = mode.isEphemeral() ? CreateMode.EPHEMERAL : CreateMode.PERSISTENT;
        }
        int version = random.nextInt(3) == 0 ? -1 : random.nextInt(3);
        boolean watch = random.nextBoolean();
        return new Step(client, kind, path, data, mode, version, watch, ops);
    }
}
