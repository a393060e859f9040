package io.querytester.drift;

import java.util.List;

/**
 * An index as information_schema.STATISTICS describes it.
 *
 * @param name PRIMARY or the index name
 * @param unique whether NON_UNIQUE = 0
 * @param columns column names in SEQ_IN_INDEX order
 * @param partial whether any column is a prefix (SUB_PART not null): such an index cannot order
 *     rows uniquely
 */
record IndexDef(String name, boolean unique, List<String> columns, boolean partial) {
  IndexDef {
    columns = List.copyOf(columns);
  }
}
