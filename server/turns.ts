// Work taken in turns: at most `limit` at once, the rest waiting in the order they came (password hashes, uploads to
// the bucket). Within one process: each process of several keeps its own turns.

export interface Turns {
  <T>(work: () => Promise<T>): Promise<T>;
  /** How many run now and how many wait. */
  counts(): { running: number; waiting: number };
}

export function turns(limit: number): Turns {
  let running = 0;
  const waiting: (() => void)[] = [];
  const take = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limit) running++;
    // A finished piece of work hands its place straight to the first one waiting.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
  return Object.assign(take, { counts: () => ({ running, waiting: waiting.length }) });
}
