/**
 * The paper's rendezvous (section 2.4): a client creates a rendezvous znode, a worker or
 * master writes its address into it when ready, and the client proceeds once the address
 * appears. {@link dev.zksim.recipes.rendezvous.RendezvousDecision} is the pure decision,
 * {@link dev.zksim.recipes.rendezvous.Rendezvous} the glue,
 * {@link dev.zksim.recipes.rendezvous.BlockingRendezvous} the facade for real clusters.
 */
package dev.zksim.recipes.rendezvous;
