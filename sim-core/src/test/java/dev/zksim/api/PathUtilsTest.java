package dev.zksim.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Reference 1.2: client-side path validation. */
class PathUtilsTest {

    @ParameterizedTest
    @ValueSource(strings = {"/", "/a", "/a/b", "/.a", "/a.", "/...", "/a/.b/c..", "/zookeeper/config", "/\u00e9t\u00e9"})
    void acceptsValidPaths(String path) {
        assertThatCode(() -> PathUtils.validatePath(path)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a", "a/b", "/a/", "//", "/a//b", "/.", "/..", "/a/./b", "/a/../b", "/a/.",
        "/a\u0000", "/a\u0001", "/a\u001f", "/a\u007f", "/a\u009f", "/a\ud800", "/a\uf8ff", "/a\ufff0", "/a\uffff"})
    void rejectsInvalidPaths(String path) {
        assertThatThrownBy(() -> PathUtils.validatePath(path)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsNull() {
        assertThatThrownBy(() -> PathUtils.validatePath(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PathUtils.validatePath(null, true)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sequentialValidationAppendsADigitSoATrailingSlashIsAllowed() {
        assertThatCode(() -> PathUtils.validatePath("/a/", true)).doesNotThrowAnyException();
        assertThatThrownBy(() -> PathUtils.validatePath("/a/", false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PathUtils.validatePath("/a//", true)).isInstanceOf(IllegalArgumentException.class);
        // "/a/.." + "1" is the legal name "/a/..1".
        assertThatCode(() -> PathUtils.validatePath("/a/..", true)).doesNotThrowAnyException();
    }

    /** Under a valid parent that is not the root, checking the last component decides as checking the whole path. */
    @Test
    void theLastComponentUnderAValidParentDecidesAsTheWholePath() {
        List<String> parents = List.of("/a", "/a/b", "/.a/..b", "/\u00e9t\u00e9", "/zookeeper/config");
        List<String> names = List.of("", "x", ".", "..", "...", ".x", "x.", "lock-0000000012", "\u00e9", "a\u0000",
            "a\u0001", "\u001f", "\u007f", "\u009f", "a\ud800", "\uf8ff", "\ufff0", "\uffff", " ", "~");
        for (String parent : parents) {
            for (String name : names) {
                String path = parent + "/" + name;
                assertThat(isValid(() -> PathUtils.validateLastComponent(path))).as(path)
                        .isEqualTo(isValid(() -> PathUtils.validatePath(path)));
            }
        }
    }

    private static boolean isValid(Runnable validation) {
        try {
            validation.run();
            return true;
        } catch (IllegalArgumentException invalid) {
            return false;
        }
    }
}
