package io.querytester.drift;

import io.querytester.BadInputException;
import io.querytester.TextCut;
import java.util.regex.Pattern;

/**
 * Guards the key literals that go into chunk SQL as text. They come from the server's QUOTE() or
 * from our own state file; a literal that is not exactly one quoted string, one X'..' or one number
 * is refused, so an edited state file cannot smuggle SQL into a query.
 */
final class SqlLiteral {
  private static final Pattern SAFE =
      Pattern.compile(
          "'(?:[^'\\\\]|\\\\.|'')*'|X'[0-9A-Fa-f]*'|-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?",
          Pattern.DOTALL);

  private SqlLiteral() {}

  static String check(String literal) {
    if (literal == null || !SAFE.matcher(literal).matches()) {
      throw new BadInputException(
          "not a plain SQL literal: "
              + (literal == null ? "null" : abbreviate(literal))
              + "; if it came from a drift state file, delete the file and start the check again");
    }
    return literal;
  }

  private static String abbreviate(String s) {
    return TextCut.cut(s, 60, "...");
  }
}
