package dev.zksim.cli;

import picocli.CommandLine;

/** The version every command prints for -V / --version. */
final class VersionProvider implements CommandLine.IVersionProvider {
    static final String VERSION = "zksim 0.1.0";

    @Override
    public String[] getVersion() {
        return new String[] {VERSION};
    }
}
