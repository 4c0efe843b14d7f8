package dev.zksim.bench;

import java.util.List;

/**
 * One configuration of {@code bench vs-real}: servers, clients and rounds per client, written
 * {@code servers/clients/rounds} as in issue 13's table, and the workload.
 */
public record VsRealConfig(int servers, int clients, int rounds, BenchWorkload.Kind kind) {

    /** The four lock configurations of the issue, then a read-heavy and a write-heavy mix. */
    static final List<VsRealConfig> STANDARD = List.of(
            new VsRealConfig(1, 10, 20, BenchWorkload.Kind.LOCK),
            new VsRealConfig(3, 10, 20, BenchWorkload.Kind.LOCK),
            new VsRealConfig(5, 50, 10, BenchWorkload.Kind.LOCK),
            new VsRealConfig(3, 200, 5, BenchWorkload.Kind.LOCK),
            new VsRealConfig(3, 10, 20, BenchWorkload.Kind.READ_HEAVY),
            new VsRealConfig(3, 10, 20, BenchWorkload.Kind.WRITE_HEAVY));

    public VsRealConfig {
        if (servers != 1 && servers != 3 && servers != 5 && servers != 7) {
            throw new IllegalArgumentException("an ensemble has 1, 3, 5 or 7 servers, not " + servers);
        }
        if (clients < 1 || rounds < 1) {
            throw new IllegalArgumentException("clients and rounds must be positive");
        }
    }

    /**
     * Parses {@code servers/clients/rounds} with an optional {@code :kind} (lock, read-heavy,
     * write-heavy; lock if absent).
     */
    static VsRealConfig parse(String text) {
        String[] kindSplit = text.split(":", 2);
        String[] numbers = kindSplit[0].split("/");
        if (numbers.length != 3) {
            throw new IllegalArgumentException("a configuration is servers/clients/rounds[:kind], not '" + text + "'");
        }
        BenchWorkload.Kind kind = BenchWorkload.Kind.LOCK;
        if (kindSplit.length == 2) {
            kind = List.of(BenchWorkload.Kind.values()).stream().filter(k -> k.label().equals(kindSplit[1])).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown workload '" + kindSplit[1]
                            + "'; known: lock, read-heavy, write-heavy"));
        }
        try {
            return new VsRealConfig(Integer.parseInt(numbers[0]), Integer.parseInt(numbers[1]),
                    Integer.parseInt(numbers[2]), kind);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a configuration is servers/clients/rounds[:kind], not '" + text + "'", e);
        }
    }

    /** The text {@link #parse} reads back. */
    String spec() {
        return servers + "/" + clients + "/" + rounds + ":" + kind.label();
    }

    @Override
    public String toString() {
        return servers + "/" + clients + "/" + rounds + " " + kind.label();
    }
}
