package dev.zksim.check;

import static dev.zksim.history.OpKind.CACHE_AUDIT;
import static dev.zksim.history.OpKind.CACHE_PUT;
import static dev.zksim.history.OpKind.CACHE_REMOVE;
import static dev.zksim.history.OpKind.CACHE_START;
import static dev.zksim.history.OpKind.CACHE_VIEW;
import static dev.zksim.history.OpKind.CACHE_WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.Value;
import dev.zksim.kernel.FailureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Readers' caches hold only written data and converge, both their listeners and their contents, to the directory. */
class CacheCheckerTest {
    private static final long HEAL = 2_000_000;

    private static Value write(String kind, String child, String data) {
        return Value.tuple(Value.of(kind), Value.of(child), data == null ? Value.NONE : Value.of(data));
    }

    private static Value put(String child, String data) {
        return Value.tuple(Value.of(child), Value.of(data));
    }

    private static Value view(String... entries) {
        return Value.tuple(List.of(entries).stream().map(Value::of).toList());
    }

    /** At 1 s k0 is created, changed, deleted and created again, and k1 created (ops 0 to 9); c2's cache starts at 2 s. */
    private static Hist directory() {
        return new Hist().at(1_000).call("c1", CACHE_WRITE, write("create", "k0", "c1-1"))
                .call("c1", CACHE_WRITE, write("set", "k0", "c1-2"))
                .call("c1", CACHE_WRITE, write("delete", "k0", null))
                .call("c1", CACHE_WRITE, write("create", "k0", "c1-4"))
                .call("c1", CACHE_WRITE, write("create", "k1", "c1-5"))
                .at(2_000).ok("c2", CACHE_START);
    }

    /** The writer reads the directory at 3 s, then c2's cache shows what it holds at 4 s. */
    private static Hist audited(Hist hist, String... held) {
        return hist.at(3_000).invoke("c1", CACHE_AUDIT).ok("c1", CACHE_AUDIT, view("k0=c1-4", "k1=c1-5"))
                .at(4_000).ok("c2", CACHE_VIEW, view(held));
    }

    private static CheckResult check(Hist hist) {
        return new CacheChecker(HEAL, List.of("c2")).check(hist.history());
    }

    private static CheckResult.Violation violation(Hist hist, FailureKind kind) {
        CheckResult result = check(hist);
        assertThat(result.isValid()).isFalse();
        CheckResult.Violation violation = (CheckResult.Violation) result;
        assertThat(violation.kind()).isEqualTo(kind);
        return violation;
    }

    @Test
    void aCacheThatFollowsEveryChangeIsValid() {
        Hist hist = audited(directory().ok("c2", CACHE_PUT, put("k0", "c1-1")).ok("c2", CACHE_PUT, put("k0", "c1-2"))
                .ok("c2", CACHE_REMOVE, Value.of("k0")).ok("c2", CACHE_PUT, put("k0", "c1-4"))
                .ok("c2", CACHE_PUT, put("k1", "c1-5")), "k0=c1-4", "k1=c1-5");
        assertThat(check(hist).isValid()).isTrue();
        assertThat(new CacheChecker(0, List.of()).name()).isEqualTo("cache");
    }

    @Test
    void aListenerThatMissedAChildMadeAgainNeverConverges() {
        // The cache took k0's new data in, but its listener heard nothing: the version was the same.
        Hist hist = audited(directory().ok("c2", CACHE_PUT, put("k0", "c1-1")).ok("c2", CACHE_PUT, put("k1", "c1-5")),
                "k0=c1-4", "k1=c1-5");
        CheckResult.Violation violation = violation(hist, FailureKind.LIVENESS_TIMEOUT);
        assertThat(violation.explanation()).isEqualTo("the directory ended as {k0=c1-4, k1=c1-5} (read by "
                + hist.op(14).describe() + "), but c2's listener was told {k0=c1-1, k1=c1-5} (k0: c1-1 instead of c1-4)");
        assertThat(violation.ops()).containsExactly(hist.op(14));
    }

    @Test
    void dataNoWriteGaveIsAPhantom() {
        Hist hist = directory().ok("c2", CACHE_PUT, put("k2", "c1-9"));
        assertThat(violation(hist, FailureKind.SAFETY_VIOLATION).explanation()).isEqualTo(hist.op(11).describe()
                + ": the cache told its listener k2=c1-9, data no write had given it by then");
    }

    @Test
    void dataWrittenToAnotherChildIsAPhantom() {
        Hist hist = audited(directory(), "k0=c1-5", "k1=c1-5");
        assertThat(violation(hist, FailureKind.SAFETY_VIOLATION).explanation()).isEqualTo(hist.op(13).describe()
                + ": the cache holds k0=c1-5, data written to k1, not to k0");
    }

    @Test
    void dataReportedBeforeItsWriteBeganIsAPhantom() {
        Hist hist = new Hist().at(1_000).ok("c2", CACHE_PUT, put("k0", "c1-1"))
                .at(2_000).call("c1", CACHE_WRITE, write("create", "k0", "c1-1"));
        assertThat(violation(hist, FailureKind.SAFETY_VIOLATION).explanation()).isEqualTo(hist.op(0).describe()
                + ": the cache told its listener k0=c1-1, data no write had given it by then");
    }

    @Test
    void aSnapshotMustBeTakenAfterTheHealAndTheDirectorysLastChangeAndMatch() {
        Hist early = directory().ok("c2", CACHE_PUT, put("k0", "c1-4")).ok("c2", CACHE_PUT, put("k1", "c1-5"))
                .ok("c2", CACHE_VIEW, view("k0=c1-4", "k1=c1-5"))
                .at(3_000).invoke("c1", CACHE_AUDIT).ok("c1", CACHE_AUDIT, view("k0=c1-4", "k1=c1-5"));
        assertThat(violation(early, FailureKind.LIVENESS_TIMEOUT).explanation())
                .endsWith("but c2's cache held nothing it could show since 3s");
        Hist stale = audited(directory().ok("c2", CACHE_PUT, put("k0", "c1-4")).ok("c2", CACHE_PUT, put("k1", "c1-5")),
                "k0=c1-2");
        assertThat(violation(stale, FailureKind.LIVENESS_TIMEOUT).explanation())
                .endsWith("but c2's cache held {k0=c1-2} at 4s (k0: c1-2 instead of c1-4, k1: missing instead of c1-5)");
    }

    @Test
    void aNewCacheStartsItsListenerAfresh() {
        // c2's first cache was told of k0's last data; the cache after its restart never was.
        Hist hist = audited(directory().ok("c2", CACHE_PUT, put("k0", "c1-4")).ok("c2", CACHE_PUT, put("k1", "c1-5"))
                .ok("c2", CACHE_START).ok("c2", CACHE_PUT, put("k1", "c1-5")), "k0=c1-4", "k1=c1-5");
        assertThat(violation(hist, FailureKind.LIVENESS_TIMEOUT).explanation())
                .endsWith("but c2's listener was told {k1=c1-5} (k0: missing instead of c1-4)");
    }

    @Test
    void theLastRunOfEqualReadsIsTheDirectory() {
        // The reads at 3 s and 5 s agree, so the directory has stood since 3 s; the earlier different read does not count.
        Hist hist = new Hist().at(1_000).call("c1", CACHE_WRITE, write("create", "k0", "c1-1"))
                .invoke("c1", CACHE_AUDIT).ok("c1", CACHE_AUDIT, view("k0=c1-1"))
                .call("c1", CACHE_WRITE, write("set", "k0", "c1-2"))
                .at(3_000).invoke("c1", CACHE_AUDIT).ok("c1", CACHE_AUDIT, view("k0=c1-2"))
                .ok("c2", CACHE_START).ok("c2", CACHE_PUT, put("k0", "c1-2")).ok("c2", CACHE_VIEW, view("k0=c1-2"))
                .at(5_000).invoke("c1", CACHE_AUDIT).ok("c1", CACHE_AUDIT, view("k0=c1-2"));
        assertThat(check(hist).isValid()).isTrue();
        assertThat(check(new Hist().at(1_000).call("c1", CACHE_WRITE, write("create", "k0", "c1-1"))).isValid()).isTrue();
    }

    @Test
    void aListenerToldOlderDataThanItWasToldBeforeWentBack() {
        Hist hist = directory().ok("c2", CACHE_PUT, put("k0", "c1-2")).ok("c2", CACHE_PUT, put("k0", "c1-1"));
        assertThat(violation(hist, FailureKind.SAFETY_VIOLATION).explanation()).isEqualTo(hist.op(12).describe()
                + ": the cache told its listener k0=c1-1 after k0=c1-2, although c1-1's write had completed before"
                + " c1-2's began: the cache went back");
    }

    @Test
    void aSnapshotHoldingOlderDataThanBeforeWentBackUntilANewCache() {
        Hist back = directory().ok("c2", CACHE_VIEW, view("k0=c1-4")).ok("c2", CACHE_VIEW, view("k0=c1-2"));
        assertThat(violation(back, FailureKind.SAFETY_VIOLATION).explanation()).isEqualTo(back.op(12).describe()
                + ": the cache holds k0=c1-2 after k0=c1-4, although c1-2's write had completed before c1-4's began:"
                + " the cache went back");
        // A new cache (a restarted process, its own new session) may load from a lagging server.
        Hist restarted = directory().ok("c2", CACHE_VIEW, view("k0=c1-4")).ok("c2", CACHE_START)
                .ok("c2", CACHE_VIEW, view("k0=c1-2"));
        assertThat(check(restarted).isValid()).isTrue();
    }

    @Test
    void writesWhoseOrderIsUnknownMayShowInEitherOrder() {
        // c1-2's outcome is unknown: it may have been committed after c1-3 was sent, so either order is possible.
        Hist hist = new Hist().at(1_000).call("c1", CACHE_WRITE, write("create", "k0", "c1-1"))
                .invoke("c1", CACHE_WRITE, write("set", "k0", "c1-2")).info("c1", CACHE_WRITE)
                .call("c1", CACHE_WRITE, write("set", "k0", "c1-3"))
                .at(2_000).ok("c2", CACHE_PUT, put("k0", "c1-3")).ok("c2", CACHE_PUT, put("k0", "c1-2"));
        assertThat(check(hist).isValid()).isTrue();
    }

    @Test
    void dataOfAWriteThatFailedIsAPhantom() {
        Hist hist = new Hist().at(1_000).call("c1", CACHE_WRITE, write("create", "k0", "c1-1"))
                .invoke("c1", CACHE_WRITE, write("create", "k0", "c1-2")).fail("c1", CACHE_WRITE)
                .at(2_000).ok("c2", CACHE_PUT, put("k0", "c1-2"));
        assertThat(violation(hist, FailureKind.SAFETY_VIOLATION).explanation()).isEqualTo(hist.op(4).describe()
                + ": the cache told its listener k0=c1-2, data of a write that failed");
    }
}
