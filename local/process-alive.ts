/** Whether a process with this id still runs (signal 0 checks without signalling), for stale lock and log files. */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
