package dev.zksim.server.tree;

/**
 * Who may change a piece of tree state in place: nodes, child lists and index chunks each
 * record the edit they were made under, and a tree changes in place only what its current
 * edit made, copying anything else first. A tree takes a new edit whenever it shares its
 * state with a snapshot or a copy, which freezes everything made so far. Compared by
 * identity; it carries nothing.
 */
final class Edit {
}
