/**
 * What `fn` returns or throws, as a promise: a value or a promise it returns
 * settles it, and so does an error it throws before returning (a handler that
 * fails before its first await). A plain function rather than an async one,
 * so that a caller held by the thousand (a long-poll) keeps no suspended
 * frame for it.
 */
export function settle<T>(fn: () => T | PromiseLike<T>): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(err);
  }
}
