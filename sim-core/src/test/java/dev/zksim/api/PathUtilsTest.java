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

    /**
     * The one-pass check must decide as ZooKeeper's own {@code PathUtils} does, error message
     * included, for a plain path and for a sequential one (which ZooKeeper checks as the path
     * plus "1", a string the one-pass check does not build): every string of up to five
     * characters over an alphabet of slashes, dots, letters, a space, a tilde and characters
     * ZooKeeper forbids or allows outside ASCII.
     */
    @Test
    void theOnePassCheckDecidesAsZooKeepersOwn() {
        char[] alphabet = {'/', '.', 'a', ' ', '~', '\u0000', '\u001f', '\u007f', '\u00e9', '\ud800'};
        int checked = 0;
        int combinations = 1;
        for (int length = 0; length <= 5; length++, combinations *= alphabet.length) {
            for (int code = 0; code < combinations; code++) {
                String path = spell(alphabet, code, length);
                assertThat(outcome(() -> PathUtils.validatePath(path))).as(path)
                        .isEqualTo(outcome(() -> org.apache.zookeeper.common.PathUtils.validatePath(path)));
                assertThat(outcome(() -> PathUtils.validatePath(path, true))).as(path + " sequential")
                        .isEqualTo(outcome(() -> org.apache.zookeeper.common.PathUtils.validatePath(path, true)));
                checked++;
            }
        }
        assertThat(checked).isEqualTo(111_111);
    }

    /** A relative component is reported where ZooKeeper notices it: at its last dot. */
    @Test
    void aRelativeComponentIsReportedAtItsLastDot() {
        assertThatThrownBy(() -> PathUtils.validatePath("/.."))
                .hasMessage("Invalid path string \"/..\" caused by relative paths not allowed @2");
        assertThatThrownBy(() -> PathUtils.validatePath("/a/../b"))
                .hasMessage("Invalid path string \"/a/../b\" caused by relative paths not allowed @4");
        assertThatThrownBy(() -> PathUtils.validatePath("/a/./b"))
                .hasMessage("Invalid path string \"/a/./b\" caused by relative paths not allowed @3");
    }

    private static String spell(char[] alphabet, int code, int length) {
        StringBuilder path = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            path.append(alphabet[code % alphabet.length]);
            code /= alphabet.length;
        }
        return path.toString();
    }

    /** "ok", or the message of the IllegalArgumentException the validation threw. */
    private static String outcome(Runnable validation) {
        try {
            validation.run();
            return "ok";
        } catch (IllegalArgumentException invalid) {
            return invalid.getMessage();
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
