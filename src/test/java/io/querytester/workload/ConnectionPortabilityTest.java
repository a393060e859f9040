package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionPortabilityTest {
  @Test
  void onlyUseAndPlainSetsAreStateASharedConnectionTakesOn() {
    for (String sql :
        List.of(
            "USE shop",
            "SET NAMES utf8mb4",
            "set @a = 1",
            "SET sql_mode = ''",
            "SET autocommit=1",
            "SET @@session.autocommit = ON",
            "SET @@session.transaction_isolation = 'READ-COMMITTED'",
            "SET transaction_isolation = 'READ-COMMITTED'",
            "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")) {
      assertThat(ConnectionPortability.keepsOnlyState(sql, SqlProfile.of(sql))).as(sql).isTrue();
    }
    for (String sql :
        List.of(
            "SET autocommit = 0",
            "set AUTOCOMMIT=off",
            "SET `autocommit` = 0",
            "SET @@session.`autocommit` = 0",
            "SET @@session . autocommit = 0",
            "SET @@`transaction_isolation` = 'SERIALIZABLE'",
            "SET time_zone = @old_time_zone",
            "SET ROLE admin",
            "SET NAMES utf8mb4, autocommit = 0",
            "SET CHARACTER SET utf8mb4, @@transaction_isolation = 'SERIALIZABLE'",
            "SET autocommit = 'OFF'",
            "SET @@autocommit := 0",
            "SET sql_mode = '', autocommit = false",
            "SET @@transaction_isolation = 'SERIALIZABLE'",
            "SET @@tx_read_only = 1",
            "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE",
            "SET TRANSACTION READ WRITE",
            "PREPARE s FROM 'SELECT 1'",
            // how later statements are read: followed on the session's own connection only
            "SET NAMES latin1",
            "SET sql_mode = 'ANSI_QUOTES'",
            "SET sql_mode = @saved")) {
      assertThat(ConnectionPortability.keepsOnlyState(sql, SqlProfile.of(sql))).as(sql).isFalse();
    }
  }
}
