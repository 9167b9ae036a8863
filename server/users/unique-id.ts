/** A six-digit staff number; collisions are caught by the unique index and retried by callers. */
export const newUniqueId = () => 100_000 + crypto.getRandomValues(new Uint32Array(1))[0] % 900_000;
