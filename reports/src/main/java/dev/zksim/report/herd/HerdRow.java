package dev.zksim.report.herd;

/**
 * What one run of one variant with {@code clients} participants measured. Totals are counts
 * over the measured window (from the instant every client starts to the end of the run);
 * the ratios are derived here so that the page, the CSV and the JSON compute them alike.
 *
 * @param acquisitions how many times a participant got what it queued for (the lock, the
 *     leadership, passage through the barrier)
 * @param handoffs the variant's handoffs in this run (see {@link HerdSeries#handoff()})
 * @param notifications watch notifications the servers delivered to clients
 * @param wakeups notifications that reached a client while it was waiting
 * @param futileWakeups wakeups after which the client was woken again before it progressed
 * @param reads exists, getData and getChildren requests that reached a server
 * @param requests every client request that reached a server (pings excluded)
 * @param peakBurst the most client requests that reached the servers in the millisecond
 *     after any release took effect
 * @param simulatedMicros simulated time from the start to the last participant finishing
 */
public record HerdRow(int clients, int acquisitions, int handoffs, long notifications, long wakeups, long futileWakeups,
        long reads, long requests, int peakBurst, long simulatedMicros) {

    public HerdRow {
        if (clients < 1 || acquisitions < 0 || handoffs < 0 || wakeups > notifications || futileWakeups > wakeups) {
            throw new IllegalArgumentException("inconsistent herd row: " + clients + " clients, " + wakeups
                    + " wakeups of " + notifications + " notifications, " + futileWakeups + " futile");
        }
    }

    public double wakeupsPerHandoff() {
        return ratio(wakeups, handoffs);
    }

    public double readsPerAcquisition() {
        return ratio(reads, acquisitions);
    }

    public double requestsPerAcquisition() {
        return ratio(requests, acquisitions);
    }

    private static double ratio(long count, long per) {
        return per == 0 ? 0.0 : (double) count / per;
    }
}
