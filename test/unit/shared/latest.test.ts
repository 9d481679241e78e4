import { describe, expect, it } from 'vitest';
import { latestWins } from '../../../shared/latest';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('latestWins', () => {
  it('drops an older answer that arrives after the newer one (the outbox list that brought a discarded entry back)', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let n = 0;
    const applied: string[] = [];
    const load = latestWins(
      () => answers[n++]!.promise,
      (v) => applied.push(v),
    );
    const first = load();
    const second = load();
    answers[1]!.resolve('after discard');
    await second;
    answers[0]!.resolve('before discard');
    await first;
    expect(applied).toEqual(['after discard']);
  });

  it('applies answers in order when they come in order, and nothing for a failed read', async () => {
    const applied: number[] = [];
    let n = 0;
    const load = latestWins(
      async () => {
        n += 1;
        if (n === 2) throw new Error('lost');
        return n;
      },
      (v) => applied.push(v),
    );
    await load();
    await expect(load()).rejects.toThrow('lost');
    await load();
    expect(applied).toEqual([1, 3]);
  });
});
