package io.querytester.cli;

import picocli.CommandLine;

/** The version from the jar manifest, so it can never disagree with the build. */
final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = QueryTesterCommand.class.getPackage().getImplementationVersion();
    return new String[] {
      "querytester " + (v == null ? "development build" : v),
      "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
