package io.querytester.workload;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server a statement is analysed for: what decides which executable comments ({@code /*!NNNNN
 * ... *\/}, {@code /*M!NNNNNN ... *\/}) it runs. The same text can be a SELECT on one server and a
 * SHUTDOWN on another.
 *
 * @param mariaDb MariaDB runs {@code /*M!} comments and ignores {@code /*!50700} to {@code
 *     /*!99999} (MySQL 5.7+ syntax); MySQL treats {@code /*M!} as a plain comment
 * @param version major * 10000 + minor * 100 + patch (100211 for 10.2.11), as the comments count
 */
public record ServerDialect(boolean mariaDb, int version) {
  private static final Pattern NUMBERS = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");

  /** From a {@code VERSION()} string such as {@code 10.2.11-MariaDB-log} or {@code 8.0.36}. */
  public static ServerDialect of(String versionString) {
    String v = versionString == null ? "" : versionString;
    Matcher m = NUMBERS.matcher(v);
    int number =
        m.find()
            ? Integer.parseInt(m.group(1)) * 10000
                + Integer.parseInt(m.group(2)) * 100
                + Integer.parseInt(m.group(3))
            : 0;
    return new ServerDialect(v.toLowerCase(java.util.Locale.ROOT).contains("mariadb"), number);
  }

  /** What this server does with an executable comment. */
  enum Comment {
    /** The content is SQL. */
    RUN,
    /** The whole comment is skipped. */
    SKIP,
    /** Not known for this server: the statement is not classified. */
    UNKNOWN
  }

  /**
   * What the server's lexer does with a comment opened by {@code /*!} or {@code /*M!}, as in
   * MariaDB's and MySQL's sql_lex.cc: five digits are a version, a sixth digit makes it six; fewer
   * than five digits are no version, and the content (digits included) runs.
   *
   * @param maria the comment opened with {@code /*M!}
   * @param digits how many digits follow the marker (counted up to six)
   * @param commentVersion the number those (five or six) digits spell
   */
  Comment comment(boolean maria, int digits, int commentVersion) {
    if (maria && !mariaDb) {
      return Comment.SKIP; // a plain comment to MySQL
    }
    if (digits < 5) {
      return Comment.RUN;
    }
    if (!mariaDb && digits == 6) {
      return Comment.UNKNOWN; // MySQL releases differ on six-digit versions
    }
    boolean runs =
        commentVersion <= version
            && (!mariaDb || maria || commentVersion < 50700 || commentVersion > 99999);
    return runs ? Comment.RUN : Comment.SKIP;
  }
}
