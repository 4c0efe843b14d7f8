package dev.zksim.recipes.config;

import dev.zksim.api.Stat;

/** The pure decisions of the configuration reader. */
public final class ConfigDecision {
    /** The name of the ready znode under the configuration node; no entry may use it. */
    public static final String READY = "ready";

    private ConfigDecision() {
    }

    /** What the reader does after {@code exists(ready, watch)}. */
    public sealed interface OnReady {
        /** A writer is at work (or none has published yet): wait for the watch to fire. */
        record WaitForReady() implements OnReady {
        }

        /** Ready exists: read every entry; the ready node's czxid names this configuration. */
        record ReadAll(long version) implements OnReady {
        }
    }

    /** What the reader does once every entry of a round has been read. */
    public sealed interface AfterRead {
        /** Nothing touched ready during the round: this is a complete configuration. */
        record Use(long version) implements AfterRead {
        }

        /** Complete, but the listener has it already. */
        record Unchanged() implements AfterRead {
        }

        /** The ready watch fired during the round: some reads may be of a half-written config. */
        record Discard() implements AfterRead {
        }
    }

    public static OnReady onReady(Stat ready) {
        return ready == null ? new OnReady.WaitForReady() : new OnReady.ReadAll(ready.czxid());
    }

    /**
     * A round is good only if the ready watch did not fire while it ran. The watch is
     * delivered before the reply of any read that reflects the writer's delete of ready and
     * its later writes (one session, one server, in order), so an unchanged generation at
     * the end proves every read saw the configuration that ready vouched for.
     */
    public static AfterRead afterRead(long generationAtStart, long generationNow, long version, long lastReported) {
        if (generationNow != generationAtStart) {
            return new AfterRead.Discard();
        }
        return version == lastReported ? new AfterRead.Unchanged() : new AfterRead.Use(version);
    }
}
