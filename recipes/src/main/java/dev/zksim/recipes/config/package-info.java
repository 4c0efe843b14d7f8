/**
 * Configuration with the paper's ready-znode pattern: a single writer deletes {@code ready},
 * rewrites the configuration znodes without waiting between them, and re-creates
 * {@code ready}; readers use a configuration only if it was read entirely while {@code
 * ready} existed under their watch. {@link dev.zksim.recipes.config.ConfigDecision} is the
 * pure decision, {@link dev.zksim.recipes.config.ConfigWriter} and
 * {@link dev.zksim.recipes.config.ConfigReader} the glue,
 * {@link dev.zksim.recipes.config.BlockingConfig} the facade for real clusters.
 */
package dev.zksim.recipes.config;
