package io.querytester.health;

/**
 * One reading of Linux's /proc/stat: the processors' time by state since boot (in clock ticks) and
 * the tasks runnable at that moment.
 *
 * @param total all processor time, guests excluded (the kernel counts them in user time already)
 * @param idle idle and waiting for I/O
 * @param steal time a hypervisor ran other guests instead of this machine
 * @param processors the processors listed ({@code cpuN} lines)
 * @param running runnable tasks ({@code procs_running}), the reader itself included
 */
record ProcStat(long total, long idle, long steal, int processors, int running) {

  /** The reading of /proc/stat's text; null when it is not such text. */
  static ProcStat parse(String text) {
    long total = -1;
    long idle = 0;
    long steal = 0;
    int processors = 0;
    int running = -1;
    for (String line : text.split("\n", -1)) {
      String[] f = line.trim().split("\\s+");
      if (f[0].equals("cpu") && f.length >= 5) {
        total = 0;
        // user nice system idle iowait irq softirq steal [guest guest_nice]
        for (int i = 1; i < Math.min(f.length, 9); i++) {
          total += Long.parseLong(f[i]);
        }
        idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
        steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
      } else if (f[0].startsWith("cpu") && f[0].length() > 3) {
        processors++;
      } else if (f[0].equals("procs_running") && f.length > 1) {
        running = Integer.parseInt(f[1]);
      }
    }
    return total < 0 || running < 0 ? null : new ProcStat(total, idle, steal, processors, running);
  }
}
