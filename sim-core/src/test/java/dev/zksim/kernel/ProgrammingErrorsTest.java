package dev.zksim.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Which exceptions count as bugs of the code that threw them, and how one is named with its place. */
class ProgrammingErrorsTest {

    @Test
    void theJdksSignalsOfAProgrammingErrorAreBugsAndPurposefulExceptionsAreNot() {
        assertThat(ProgrammingErrors.isBug(new UnsupportedOperationException())).isTrue();
        assertThat(ProgrammingErrors.isBug(new IndexOutOfBoundsException())).isTrue();
        assertThat(ProgrammingErrors.isBug(new ConcurrentModificationException())).isTrue();
        assertThat(ProgrammingErrors.isBug(new AssertionError())).isTrue();
        assertThat(ProgrammingErrors.isBug(new CompletionException(new NullPointerException()))).isTrue();
        assertThat(ProgrammingErrors.isBug(new IllegalArgumentException())).isFalse();
        assertThat(ProgrammingErrors.isBug(new IllegalStateException())).isFalse();
        assertThat(ProgrammingErrors.isBug(new IllegalMonitorStateException())).isFalse();
        assertThat(ProgrammingErrors.isBug(new InterruptedException())).isFalse();
        assertThat(ProgrammingErrors.isBug(new CompletionException(new IllegalStateException()))).isFalse();
    }

    @Test
    void aBugIsNamedWithTheFirstFrameOutsideTheJdk() {
        UnsupportedOperationException thrown = assertThrowsFromSort();
        assertThat(ProgrammingErrors.describe(new CompletionException(thrown)))
                .startsWith("java.lang.UnsupportedOperationException at dev.zksim.kernel.ProgrammingErrorsTest.sortInPlace(");
    }

    private static UnsupportedOperationException assertThrowsFromSort() {
        try {
            sortInPlace(List.of("b", "a"));
        } catch (UnsupportedOperationException e) {
            return e;
        }
        throw new AssertionError("an immutable list was sorted");
    }

    private static void sortInPlace(List<String> names) {
        names.sort(null);
    }
}
