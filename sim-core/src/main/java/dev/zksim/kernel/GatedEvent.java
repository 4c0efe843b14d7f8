package dev.zksim.kernel;

/** An event that asks its {@link EventGate} before it runs; the gate runs a held event through {@link #runAdmitted()}. */
public interface GatedEvent {

    /** Does what the event is for, without asking the gate again. */
    void runAdmitted();
}
