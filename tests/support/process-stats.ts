// What the benchmarks read about a process from /proc.

/** utime + stime of a process so far, in milliseconds (/proc counts USER_HZ ticks: 100 a second). */
export function cpuMs(pid: number) {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  // The command name is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The process's resident memory now, in MB. */
export function rssMb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}
