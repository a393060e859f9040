# Shared by ./querytester and .ci/run: prints the home of a JDK >= 21, or explains and fails.
# Order: $JAVA_HOME, the java on PATH, then every JDK under /usr/lib/jvm (newest first).
# A JDK's release file names its version; reading it costs nothing, while each `java -version` is a
# JVM start (0.15 s), and the launcher would pay up to three of them before every command.
java_major() {
  local v=""
  [[ -r "$1/release" ]] && v="$(sed -nE 's/^JAVA_VERSION="([0-9]+).*/\1/p' "$1/release")"
  [[ -n "$v" ]] || v="$("$1/bin/java" -version 2>&1 | sed -nE '1s/.*version "([0-9]+)(\.[^"]*)?".*/\1/p')"
  echo "$v"
}
find_jdk() {
  local candidates=()
  [[ -n "${JAVA_HOME:-}" ]] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  for d in $(ls -d "${QUERYTESTER_JVM_DIR:-/usr/lib/jvm}"/*/ 2>/dev/null | sort -rV); do candidates+=("${d%/}"); done
  for home in "${candidates[@]}"; do
    [[ -x "$home/bin/java" && -x "$home/bin/javac" ]] || continue
    local major; major="$(java_major "$home")"
    if [[ -n "$major" && "$major" -ge 21 ]]; then echo "$home"; return 0; fi
  done
  echo "querytester: no JDK 21 or newer found (looked at JAVA_HOME, the java on PATH and /usr/lib/jvm)." >&2
  echo "Install one (e.g. Temurin 21: https://adoptium.net) and set JAVA_HOME to it." >&2
  return 1
}
