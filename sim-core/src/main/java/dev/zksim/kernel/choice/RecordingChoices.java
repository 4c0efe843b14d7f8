package dev.zksim.kernel.choice;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Wraps another Choices and keeps every draw in a {@link ChoiceLog}, per stream. Wrapping a
 * replaying source records what a replay actually consumed, which is how the shrinker drops
 * draws a smaller run no longer makes.
 */
public final class RecordingChoices implements Choices {
    private final Choices delegate;
    private final ChoiceLog log;
    private final Map<String, RecordingChoices> children = new LinkedHashMap<>();
    private final Map<String, RecordingChoices> named = new LinkedHashMap<>();
    /** This stream's draws in the log, found on its first draw (most streams never draw). */
    private ChoiceLog.Draws draws;

    public RecordingChoices(Choices delegate) {
        this(delegate, new ChoiceLog());
    }

    private RecordingChoices(Choices delegate, ChoiceLog log) {
        this.delegate = delegate;
        this.log = log;
    }

    @Override
    public long draw(long bound) {
        long value = delegate.draw(bound);
        if (draws == null) {
            draws = log.draws(delegate.label());
        }
        draws.add(bound, value);
        return value;
    }

    @Override
    public Choices stream(String label) {
        return children.computeIfAbsent(label, name -> new RecordingChoices(delegate.stream(name), log));
    }

    /** Records the named draws under their own label path, as the delegate names them. */
    @Override
    public Choices named(String name) {
        return named.computeIfAbsent(name, key -> new RecordingChoices(delegate.named(key), log));
    }

    @Override
    public String label() {
        return delegate.label();
    }

    /** The draws made so far through this stream and every stream derived from it. */
    public ChoiceLog log() {
        return log;
    }
}
