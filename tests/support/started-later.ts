/**
 * A stand-in for an object that exists only once a file's beforeAll has run (its server, its
 * customer), so a test file can name it at the top level as if it were there: reads (methods bound)
 * and writes (`jane.token = …` after the clock moved) go through to the object `current` answers.
 * Used outside a test or hook, it throws a sentence saying so. Shared by Playwright's
 * ownServerForFile and the API suites' shopForFile.
 */
export function startedLater<T extends object>(name: string, current: () => T | undefined): T {
  const target = () => {
    const now = current();
    if (!now) throw new Error(`${name} starts in beforeAll: use it inside a test or hook`);
    return now;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const object = target();
      const value: unknown = Reflect.get(object, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
    set: (_, key, value) => Reflect.set(target(), key, value),
  });
}
