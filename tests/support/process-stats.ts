// What the benchmarks read about a process from /proc.

/** utime + stime of a process so far, in clock ticks (USER_HZ, 100 on Linux). */
export function cpuTicks(pid: number) {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  // The command name is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}
