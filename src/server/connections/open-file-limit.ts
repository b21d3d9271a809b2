// The process's soft limit on open files (`ulimit -n`), which bounds how many connections it can hold:
// Node has no getrlimit, and Linux tells it in /proc/self/limits.
import { readFileSync } from 'node:fs';

/** The soft limit on open files, or undefined where the system does not say (not Linux, or unlimited). */
export function readOpenFileLimit(limits: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number | undefined {
  let text: string;
  try {
    text = limits();
  } catch {
    return undefined;
  }
  const soft = /^Max open files\s+(\d+)\s/m.exec(text)?.[1];
  return soft === undefined ? undefined : Number(soft);
}
