/**
 * Sessions of the simulated server: the {@link dev.zksim.server.session.SessionTracker}
 * seam (who knows which sessions are live and who expires them), the bucketed expiry of
 * reference section 4.4 ({@link dev.zksim.server.session.ExpiringSessionTracker}, used by a
 * standalone server and by a quorum leader), the follower's non-expiring
 * {@link dev.zksim.server.session.LearnerSessionTracker}, and deterministic session ids and
 * passwords ({@link dev.zksim.server.session.SessionIds}).
 */
package dev.zksim.server.session;
