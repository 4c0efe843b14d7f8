package dev.zksim.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.LockScenarios;
import dev.zksim.history.OpKind;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link LockUnderTest} promises that a token of 0 (a recipe without fencing tokens) disables
 * the fencing check. A correct lock that reports 0 for every grant must then pass, and its
 * holders must not write to the protected resource under a token that fences nothing: before
 * this was kept, two holders writing under token 0 one after the other failed the fencing
 * check ("two holders wrote under token 0") on every seed where the lock changed hands.
 */
class TokenlessLockTest {

    /** zksim's lock with its tokens hidden, as a recipe without any would report. */
    private static final LockUnderTest.Factory TOKENLESS = (client, events) -> {
        LockUnderTest lock = LockScenarios.EXCLUSIVE.create(client, new HolderEvents() {
            @Override
            public void held(long token) {
                events.held(0);
            }

            @Override
            public void suspended() {
                events.suspended();
            }

            @Override
            public void lost() {
                events.lost();
            }

            @Override
            public void released() {
                events.released();
            }
        });
        return new LockUnderTest() {
            @Override
            public CompletionStage<Long> acquire() {
                return lock.acquire().thenApply(token -> 0L);
            }

            @Override
            public CompletionStage<Void> release() {
                return lock.release();
            }
        };
    };

    private static final ScenarioCatalog CATALOG = new ScenarioCatalog("tokenless")
            .add(Testkit.lock("tokenless-lock", TOKENLESS).build());

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aLockWithoutTokensIsNotJudgedByFencing(long seed) {
        RunOutcome outcome = new ScenarioRunner(CATALOG).run(RunSpec.of("tokenless-lock", seed));
        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.history().ops()).filteredOn(op -> op.f().equals(OpKind.ACQUIRE) && op.isOk())
                .hasSizeGreaterThanOrEqualTo(2);
        assertThat(outcome.history().ops()).noneMatch(op -> op.f().equals(OpKind.WRITE_PROTECTED));
    }
}
