package io.querytester.replay;

import java.util.List;

/** A result row kept for the report: its values as text (NULL as null) and its hash. */
public record SampledRow(List<String> values, String hash) {}
