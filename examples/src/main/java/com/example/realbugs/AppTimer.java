package com.example.realbugs;

/** Runs an action after a delay in microseconds: the application's timer, which retries and timeouts use. */
@FunctionalInterface
public interface AppTimer {
    void after(long micros, Runnable action);
}
