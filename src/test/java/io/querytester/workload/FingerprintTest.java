package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class FingerprintTest {

  /**
   * Pairs made by the real pt-query-digest 3.2.1 (see pt-fingerprint-pairs.pl next to the file):
   * its own test cases, common application shapes, and statements of random fragments that hit its
   * quirks.
   */
  static List<Arguments> ptPairs() throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<Arguments> pairs = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                Objects.requireNonNull(
                    FingerprintTest.class.getResourceAsStream(
                        "/workload/fingerprint/pt-query-digest-3.2.1.jsonl")),
                StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        JsonNode pair = json.readTree(line);
        pairs.add(
            Arguments.of(
                pair.get("sql").asText(),
                pair.get("fingerprint").asText(),
                pair.get("id").asText()));
      }
    }
    assertThat(pairs).hasSizeGreaterThan(500);
    return pairs;
  }

  @ParameterizedTest
  @MethodSource("ptPairs")
  void sameFingerprintAndIdAsPtQueryDigest(String sql, String fingerprint, String ptId) {
    assertThat(Fingerprint.of(sql)).isEqualTo(fingerprint);
    // pt 3.x prints the whole MD5; 2.x printed its last 16 digits, which is our class id.
    assertThat(SqlProfile.of(sql).classId()).isEqualTo(ptId.substring(16));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      textBlock =
          """
          SELECT * from foo where a = 5                                | select * from foo where a = ?
          select 0x0, x'123', 0b1010, b'10101' from foo               | select ?, ?, ?, ? from foo
          select * from foo where a in (5) and b in (5, 8,9 ,9 , 10)  | select * from foo where a in(?+) and b in(?+)
          insert into foo(a, b, c) values(2, 4, 5) , (2,4,5)          | insert into foo(a, b, c) values(?+)
          select * from foo limit 5, 10                               | select * from foo limit ?
          select 1 union all select 2 union all select 4              | select ? /*repeat union all*/
          select * from t where i=1 order by a, b ASC, d DESC, e asc  | select * from t where i=? order by a, b, d desc, e
          SELECT * FROM tbl WHERE id=1 AND flag=true AND trueflag=FALSE | select * from tbl where id=? and flag=? and trueflag=?
          SELECT /*!40001 SQL_NO_CACHE */ * FROM `film`                | mysqldump
          CALL foo(1, 2, 3)                                           | call foo
          use `foo`                                                   | use ?
          SELECT /*+ MAX_EXECUTION_TIME(1000) */ a FROM t             | select a from t
          SELECT /*!50100 STRAIGHT_JOIN */ a FROM t                   | select /*!? straight_join */ a from t
          select foo_1, tab1 from t1                                  | select foo_?, ta? from t?
          INSERT INTO t VALUES (1),(2) ON DUPLICATE KEY UPDATE a=VALUES(a) | insert into t values(?+)
          select * from t where x = 'unterminated                     | select * from t where x = 'unterminated
          """)
  void ptRulesAndQuirks(String sql, String fingerprint) {
    assertThat(Fingerprint.of(sql)).isEqualTo(fingerprint);
  }
}
