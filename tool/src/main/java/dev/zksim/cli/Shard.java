package dev.zksim.cli;

/** One shard of a sweep split over machines: number {@code index} (0-based) of {@code count}. */
record Shard(int index, int count) {
    static final Shard ALL = new Shard(0, 1);

    @Override
    public String toString() {
        return (index + 1) + "/" + count;
    }
}
