package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Routine bodies judged by what they do, whatever they declare. */
class RoutineBodyTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "BEGIN SET GLOBAL max_connections = 200; RETURN 1; END         | runs SET GLOBAL",
        "BEGIN SET SESSION tx_read_only = 0; RETURN 1; END             | runs SET SESSION",
        "BEGIN SET @@session.tx_read_only = 0; RETURN 1; END           | sets system variable",
        "BEGIN SET tx_read_only = 0; RETURN 1; END                     | does not declare",
        "BEGIN SET session_track_system_variables = ''; RETURN 1; END  | does not declare",
        "BEGIN DECLARE x INT; SET x = 1, sql_mode = ''; RETURN x; END  | does not declare",
        "RETURN GET_LOCK('l', 0)                                       | GET_LOCK()",
        "BEGIN DO SLEEP(1); RETURN 1; END                              | SLEEP()",
        "BEGIN UPDATE t SET v = 1; RETURN 1; END                       | runs UPDATE",
        "BEGIN INSERT INTO t VALUES (1); RETURN 1; END                 | runs INSERT",
        "BEGIN DELETE FROM t; RETURN 1; END                            | runs DELETE",
        "BEGIN DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET SESSION tx_read_only = 0; RETURN 1; END | runs SET SESSION",
        "BEGIN l: LOOP FLUSH TABLES; LEAVE l; END LOOP; RETURN 1; END   | runs FLUSH",
        "BEGIN IF 1 THEN PREPARE s FROM 'SELECT 1'; END IF; END        | runs PREPARE",
        "RETURN (SELECT v FROM t FOR UPDATE)                           | locks rows",
        "BEGIN SELECT 1 INTO OUTFILE '/tmp/x'; RETURN 1; END           | INTO OUTFILE",
        "BEGIN SET NAMES gbk; RETURN 1; END                            | runs SET NAMES",
        "BEGIN START TRANSACTION; RETURN 1; END                        | runs START",
        "UPDATE t SET v = 0                                            | runs UPDATE",
      })
  void aBodyThatDoesMoreThanReadSaysWhat(String body, String why) {
    RoutineBody b = RoutineBody.of(body, SqlModes.NONE);
    assertThat(b.unsafe()).as(body).contains(why);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "RETURN (SELECT SUM(v) FROM victim.t)",
        "BEGIN DECLARE a, b INT DEFAULT 0; SET a = 1, b = a + 1; RETURN a + b; END",
        "BEGIN DECLARE s VARCHAR(10) CHARACTER SET utf8mb4; SET s = REPLACE('a', 'a', 'b'); RETURN s;"
            + " END",
        "BEGIN DECLARE n INT; SELECT COUNT(*) INTO n FROM t; SET @last = n; RETURN n; END",
        "BEGIN DECLARE done INT; DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1; RETURN 1; END",
        "RETURN INSERT('abc', 1, 1, 'x')",
        "BEGIN IF 1 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no'; END IF; RETURN 1; END",
        "BEGIN DECLARE c CURSOR FOR SELECT id FROM t; OPEN c; CLOSE c; RETURN 0; END",
      })
  void aBodyThatOnlyReadsPasses(String body) {
    assertThat(RoutineBody.of(body, SqlModes.NONE).unsafe()).as(body).isNull();
  }

  @Test
  void whatABodyReachesIsListedToBeJudgedToo() {
    RoutineBody b =
        RoutineBody.of(
            "BEGIN CALL victim.p(1); RETURN victim.g(2) + `h`(3) + (SELECT v FROM victim.w); END",
            SqlModes.NONE);
    assertThat(b.unsafe()).isNull();
    assertThat(b.procedures()).containsExactly("p");
    assertThat(b.functions()).contains("g", "h").doesNotContain("p");
    assertThat(b.names()).contains("w", "victim");
  }

  @Test
  void aBodyIsReadUnderItsOwnSqlMode() {
    String body = "RETURN CONCAT('x\\', SLEEP(1), '')";
    assertThat(RoutineBody.of(body, SqlModes.NONE).unsafe()).isNull();
    assertThat(RoutineBody.of(body, SqlModes.ofNames("NO_BACKSLASH_ESCAPES")).unsafe())
        .contains("SLEEP()");
  }
}
