package dev.zksim.kernel.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * A sink that keeps every canonical line, up to a limit. Used to find where two runs of
 * the same seed diverge; not for long runs, whose traces only the digest summarises.
 */
public final class TraceCapture implements TraceSink {
    private final List<String> lines = new ArrayList<>();
    private final int limit;

    public TraceCapture(int limit) {
        this.limit = limit;
    }

    @Override
    public void accept(TraceRecord record) {
        if (lines.size() < limit) {
            lines.add(record.canonicalLine());
        }
    }

    public List<String> lines() {
        return List.copyOf(lines);
    }
}
