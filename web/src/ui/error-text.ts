/** An error's text for the user: the server's message when there is one. */
export const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;
