package io.querytester.drift;

/**
 * One column of a checked table.
 *
 * @param name the column name as the server spells it
 * @param dataType information_schema DATA_TYPE, e.g. varchar
 * @param nullable whether the column allows NULL (then the row hash carries a NULL marker for it)
 * @param charset information_schema CHARACTER_SET_NAME, "" when the server gives none (numbers,
 *     binary, MySQL's JSON)
 */
record Column(String name, String dataType, boolean nullable, String charset) {

  ColumnKind kind() {
    return ColumnKind.of(dataType);
  }

  String quoted() {
    return Sql.ident(name);
  }
}
