package io.querytester.capture;

import java.io.IOException;

/** Reads the events of one log file (slow or general log) from its lines. */
interface LogParser {
  /** Parses until the end of the input or until the sink stops accepting events. */
  void parse(LineReader lines, String fileName, EventSink sink) throws IOException;
}
