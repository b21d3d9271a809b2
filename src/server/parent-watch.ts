// Notices that the process which started this one has gone. `npx parcel-service serve` runs the
// service under a shell that npm starts (`sh -c`): npm passes SIGTERM and SIGINT on to that shell,
// which dies of them without passing them on, and the service would go on serving with another parent.
// Linux has no portable event for a parent's exit that Node exposes, so the parent's id is read each
// `intervalMs` (an unref'd timer: it never keeps the process alive).

/** Calls `onGone` once when this process's parent is no longer the one it started with; returns the stop. */
export function watchParent(onGone: () => void, intervalMs = 1000): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
