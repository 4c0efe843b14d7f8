package dev.zksim.api;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
