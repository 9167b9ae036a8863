/**
 * How `deno task start` and deploy/gatebot.service run the server: a 4 MB young generation keeps
 * a streamed report's memory flat (V8's default lets it grow about 75 MB). Benchmarks run the
 * server the same way.
 */
export const SERVER_V8_FLAGS = ["--v8-flags=--max-semi-space-size=4"];
