// Users' unique ids for rows the tests write themselves: in turn, not at random. The server draws
// them at random and tries again on a collision (server/users/service.ts); a helper that inserts
// straight into the table has no such retry, and with dozens of users a test (the permissions
// matrix) collided about once in a few hundred runs.
let last = 100_000;

export const testUniqueId = () => ++last;
