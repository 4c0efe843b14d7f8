package dev.zksim.cli;

import picocli.CommandLine;

/** Reads a shard as "i/n" with 0 <= i < n. */
final class ShardConverter implements CommandLine.ITypeConverter<int[]> {
    @Override
    public int[] convert(String text) {
        String[] parts = text.trim().split("/");
        try {
            int index = Integer.parseInt(parts[0]);
            int count = Integer.parseInt(parts[1]);
            if (parts.length == 2 && count > 0 && index >= 0 && index < count) {
                return new int[] {index, count};
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            // Falls through to the one-line error below.
        }
        throw new CommandLine.TypeConversionException("malformed shard '" + text + "': expected i/n with 0 <= i < n, e.g. 0/4");
    }
}
