package io.querytester.drift;

/**
 * One column of a checked table.
 *
 * @param name the column name as the server spells it
 * @param dataType information_schema DATA_TYPE, e.g. varchar
 * @param nullable whether the column allows NULL (then the row hash carries a NULL marker for it)
 */
record Column(String name, String dataType, boolean nullable) {

  ColumnKind kind() {
    return ColumnKind.of(dataType);
  }

  String quoted() {
    return Sql.ident(name);
  }
}
