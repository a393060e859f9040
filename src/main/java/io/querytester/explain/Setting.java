package io.querytester.explain;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A candidate cause: one session variable, or one part of a composite one (an {@code
 * optimizer_switch} flag, a {@code sql_mode} or {@code old_mode} flag, a {@code
 * character_set_collations} entry), whose value differs between OLD and NEW.
 *
 * @param name the variable, lower case
 * @param part the flag or entry of a composite variable; null for the whole variable
 * @param old its value on OLD: the variable's value, a flag's {@code on}/{@code off}, an entry's
 *     collation ({@code ""} for none)
 * @param neu its value on NEW
 * @param option {@code NEW} or {@code OLD} when the user set it with {@code --new-option} or {@code
 *     --old-option}; null otherwise
 */
// '' is a value (an empty sql_mode), not an absent one: written even when empty
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Setting(
    String name, String part, String old, @JsonProperty("new") String neu, String option) {

  /** {@code div_precision_increment}, {@code optimizer_switch rowid_filter}. */
  public String label() {
    return part == null ? name : name + " " + part;
  }

  /** {@code div_precision_increment 4 -> 8 (--new-option)}: OLD's value, then NEW's. */
  public String describe() {
    return label()
        + " "
        + shown(old)
        + " -> "
        + shown(neu)
        + (option == null ? "" : " (--" + option.toLowerCase(java.util.Locale.ROOT) + "-option)");
  }

  /** The value on one side: OLD's when {@code toOld}. */
  String value(boolean toOld) {
    return toOld ? old : neu;
  }

  private static String shown(String v) {
    return v == null || v.isEmpty() ? "''" : v;
  }
}
