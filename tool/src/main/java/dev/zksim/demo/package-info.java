/**
 * The kernel demo: a toy gossip protocol and a small nemesis that exercise the kernel's
 * network, disk, process lifecycle and trace from one seed. {@code ./zksim demo} runs it
 * until the simulated ensemble replaces it as the main job.
 */
package dev.zksim.demo;
