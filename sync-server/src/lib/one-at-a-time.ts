/**
 * Runs units of work one at a time, each started from a fresh turn of the event loop. Storing a
 * result is a few milliseconds of synchronous SQLite work; 200 phones reconnecting at once with 20
 * results each would otherwise run it all back to back while a player's kit pull waits behind it.
 * Queued here, any other request waits for one unit at most.
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  const queue: (() => Promise<void>)[] = [];
  let busy = false;
  const next = () => {
    const job = queue.shift();
    if (!job) {
      busy = false;
      return;
    }
    // setImmediate, not a microtask: requests that arrived meanwhile are read and answered first.
    setImmediate(() => void job().finally(next));
  };
  return (work) =>
    new Promise((resolve, reject) => {
      queue.push(() => work().then(resolve, reject));
      if (!busy) {
        busy = true;
        next();
      }
    });
}
