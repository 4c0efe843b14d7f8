package dev.zksim.property;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A reproduce line is printed whole while it fits a terminal, and kept in a file when it does not. */
class ReplayCommandTest {
    @TempDir
    Path lines;
    private String before;

    @BeforeEach
    void writeLinesToTheTemporaryDirectory() {
        before = System.getProperty("zksim.lines.dir");
        System.setProperty("zksim.lines.dir", lines.toString());
    }

    @AfterEach
    void restoreTheDirectory() {
        if (before == null) {
            System.clearProperty("zksim.lines.dir");
        } else {
            System.setProperty("zksim.lines.dir", before);
        }
    }

    @Test
    void aShortLineIsPrintedInTheCommand() throws IOException {
        String line = "zksim4:lock-standard:2a:-:-:0123456789abcdef:89abcdef";

        assertThat(ReplayCommand.of(line)).isEqualTo("./zksim replay " + line);
        try (var files = Files.list(lines)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aLineTooLongToPasteIsWrittenToAFileTheCommandNames() throws IOException {
        String line = "zksim4:examples/example-lock:2a:eNo:" + "x".repeat(ReplayCommand.LONGEST_INLINE) + ":0123456789abcdef:89abcdef";

        String command = ReplayCommand.of(line);

        assertThat(command).startsWith("./zksim replay @").hasSizeLessThan(ReplayCommand.LONGEST_INLINE);
        Path file = Path.of(command.substring("./zksim replay @".length()));
        assertThat(file).isAbsolute().hasFileName("examples-example-lock-2a-89abcdef.line").hasParent(lines.toRealPath());
        assertThat(Files.readString(file).strip()).isEqualTo(line);
    }

    @Test
    void aLineThatCannotBeWrittenIsPrintedWholeRatherThanLost() throws IOException {
        Path blocked = Files.writeString(lines.resolve("a-file"), "not a directory");
        System.setProperty("zksim.lines.dir", blocked.toString());
        String line = "zksim4:lock-standard:2a:eNo:" + "x".repeat(ReplayCommand.LONGEST_INLINE) + ":0123456789abcdef:89abcdef";

        assertThat(ReplayCommand.of(line)).isEqualTo("./zksim replay " + line);
    }
}
