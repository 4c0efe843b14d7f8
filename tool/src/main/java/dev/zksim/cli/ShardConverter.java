package dev.zksim.cli;

import picocli.CommandLine;

/**
 * Reads a shard as "i/n" with 1 <= i <= n, numbered from 1 as people (and CI matrices)
 * count; a Kubernetes Indexed Job passes $((JOB_COMPLETION_INDEX + 1)).
 */
final class ShardConverter implements CommandLine.ITypeConverter<Shard> {
    @Override
    public Shard convert(String text) {
        String[] parts = text.trim().split("/", -1);
        if (parts.length == 2) {
            try {
                int index = Integer.parseInt(parts[0].trim());
                int count = Integer.parseInt(parts[1].trim());
                if (count > 0 && index >= 1 && index <= count) {
                    return new Shard(index - 1, count);
                }
            } catch (NumberFormatException e) {
                // Falls through to the one-line error below.
            }
        }
        throw new CommandLine.TypeConversionException("malformed shard '" + text
                + "': expected i/n with 1 <= i <= n, e.g. 1/4 (shards are numbered from 1)");
    }
}
