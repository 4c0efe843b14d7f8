package dev.zksim.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every test of the command line needs: the command runs in this JVM ({@link
 * Main#execute}), so its standard output and error are captured around each test and put back
 * after it.
 */
abstract class CliTestSupport {
    protected final ByteArrayOutputStream out = new ByteArrayOutputStream();
    protected final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalOut;
    private PrintStream originalErr;

    @BeforeEach
    final void captureConsole() {
        originalOut = System.out;
        originalErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    final void restoreConsole() {
        System.setOut(originalOut);
        System.setErr(originalErr);
    }

    /** Everything the command printed on standard output so far. */
    protected String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Everything the command printed on standard error so far. */
    protected String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
