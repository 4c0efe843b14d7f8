package dev.zksim.cli;

import dev.zksim.kernel.SuppressForbidden;
import java.io.PrintStream;
import java.util.Locale;

/**
 * A sweep's progress on one terminal line (seeds done, seeds/s, failures), redrawn at most
 * ten times a second; without a terminal (CI logs) it prints a line every tenth of the way.
 */
@SuppressForbidden("progress is drawn by wall-clock time, outside any simulation")
final class ProgressBar {
    private static final int WIDTH = 30;
    private final PrintStream out;
    private final boolean terminal = System.console() != null;
    private long lastDraw;
    private int lastDecile = -1;

    ProgressBar(PrintStream out) {
        this.out = out;
    }

    void update(int done, int total, int failures, double seedsPerSecond) {
        long now = System.nanoTime();
        int decile = done * 10 / total;
        boolean due = terminal ? now - lastDraw > 100_000_000L || done == total : decile != lastDecile;
        if (!due) {
            return;
        }
        lastDraw = now;
        lastDecile = decile;
        int filled = done * WIDTH / total;
        String line = String.format(Locale.ROOT, "[%s%s] %d/%d seeds  %.1f seeds/s  %d failures",
                "#".repeat(filled), ".".repeat(WIDTH - filled), done, total, seedsPerSecond, failures);
        out.print(terminal ? "\r" + line : line + "\n");
    }

    void finish() {
        if (terminal) {
            out.println();
        }
    }
}
