import fs from 'node:fs';
import os from 'node:os';

/**
 * Nice value of the quotation worker thread. Workbooks are for mail, which can wait: when the
 * cores are busy (many buyers at once), answering requests gets the CPU first and the outbox
 * catches up after.
 */
export const WORKBOOK_THREAD_NICE = 10;

/**
 * Lowers the CPU priority (raises the nice value) of the calling thread only, on Linux, where
 * `/proc/thread-self` names the thread and `setpriority` takes a thread id. Elsewhere, or if the
 * system refuses, the thread keeps its priority: this is an optimisation, never a requirement.
 * Returns whether the priority was changed.
 */
export function lowerThisThreadPriority(nice: number): boolean {
  let tid: number;
  try {
    tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return false;
  }
  // On the main thread the id is the process's: lowering it would slow every request down.
  if (!Number.isInteger(tid) || tid === process.pid) return false;
  try {
    os.setPriority(tid, Math.max(os.getPriority(tid), nice));
    return true;
  } catch {
    return false;
  }
}
