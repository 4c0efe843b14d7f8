package dev.zksim.official.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The gate between Curator's consumer loop and the testkit's takes, driven as Curator drives
 * it: each claim is a runnable handed to {@code execute}, which calls {@code consumeMessage}
 * if it won its item. A take is asked for before each claim, so no call here blocks.
 */
class TakeGateTest {
    private final TakeGate gate = new TakeGate();

    @Test
    void aClaimThatWinsItsItemAnswersTheWaitingTake() {
        CompletableFuture<String> take = asked();
        gate.execute(() -> gate.consumeMessage("a"));
        assertEquals("a", take.join());
    }

    @Test
    void aTakeWhoseClaimLostTheItemWaitsForTheNextClaim() {
        CompletableFuture<String> take = asked();
        gate.execute(() -> { });
        assertFalse(take.isDone());
        gate.execute(() -> gate.consumeMessage("b"));
        assertEquals("b", take.join());
    }

    @Test
    void aTakeGivenUpBeforeAnyClaimIsCancelledAndTheNextTakeGetsTheItem() {
        CompletableFuture<String> first = asked();
        gate.cancel(first);
        assertTrue(first.isCancelled() || first.isCompletedExceptionally());
        CompletableFuture<String> second = asked();
        gate.execute(() -> gate.consumeMessage("c"));
        assertEquals("c", second.join());
    }

    @Test
    void aTakeGivenUpWhileItsClaimRunsKeepsTheItemTheClaimWon() {
        CompletableFuture<String> take = asked();
        gate.execute(() -> {
            gate.cancel(take);
            gate.consumeMessage("d");
        });
        assertEquals("d", take.join());
    }

    @Test
    void aTakeGivenUpWhileItsClaimRunsIsCancelledIfTheClaimWonNothing() {
        CompletableFuture<String> take = asked();
        gate.execute(() -> gate.cancel(take));
        assertTrue(take.isCompletedExceptionally());
        CompletableFuture<String> next = asked();
        gate.execute(() -> gate.consumeMessage("e"));
        assertEquals("e", next.join());
    }

    private CompletableFuture<String> asked() {
        CompletableFuture<String> take = new CompletableFuture<>();
        gate.ask(take);
        return take;
    }
}
