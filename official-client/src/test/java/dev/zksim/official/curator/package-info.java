/** Curator built on the drop-in: what runs, and where the simulation stops it and why. */
package dev.zksim.official.curator;
