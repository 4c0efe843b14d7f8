package dev.zksim.cli;

import picocli.CommandLine;

/** Reads a seed as a decimal or 0x-prefixed hexadecimal 64-bit number. */
final class SeedConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
        try {
            String trimmed = text.trim();
            if (trimmed.startsWith("0x") || trimmed.startsWith("0X")) {
                return Long.parseUnsignedLong(trimmed.substring(2), 16);
            }
            return Long.parseLong(trimmed);
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException(
                    "malformed seed '" + text + "': expected a 64-bit number such as 42 or 0x2a");
        }
    }
}
