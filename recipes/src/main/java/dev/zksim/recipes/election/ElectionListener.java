package dev.zksim.recipes.election;

/**
 * Hears each change of a candidate's {@link ElectionState}, on the thread that runs the
 * client's callbacks. It must not block.
 */
@FunctionalInterface
public interface ElectionListener {
    void stateChanged(ElectionState state);
}
