/**
 * For reads that overlap and may answer in any order (every change main announces starts one): only the answer of
 * the read started last is applied; an older answer that arrives after it is dropped. A failed read applies nothing.
 */
export function latestWins<T>(read: () => Promise<T>, apply: (value: T) => void): () => Promise<void> {
  let started = 0;
  return async () => {
    const mine = ++started;
    const value = await read();
    if (mine === started) apply(value);
  };
}
