package io.querytester.health;

/** Restarts a crashed server this tool started. */
interface Restarter {
  /** Restarts it and says where it runs now, for the report ("on port 40123"). */
  String restart();
}
