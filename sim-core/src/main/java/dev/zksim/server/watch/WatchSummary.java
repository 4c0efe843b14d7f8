package dev.zksim.server.watch;

/**
 * The figures of the four-letter word wchs: how many connections watch how many paths,
 * and how many (connection, path) watches that makes.
 */
public record WatchSummary(int connections, int paths, int watches) {

    public WatchSummary {
        if (connections < 0 || paths < 0 || watches < 0) {
            throw new IllegalArgumentException(
                "negative watch summary: " + connections + "/" + paths + "/" + watches);
        }
    }
}
