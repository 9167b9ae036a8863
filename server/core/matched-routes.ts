// hono's router, remembering what it matched for a path without parameters. This app's routes send
// hono's SmartRouter to its TrieRouter (RegExpRouter refuses `/transaction/set-done` beside
// `/transaction/:id{[0-9]+}`), which walks its tree and builds its answer anew on every request:
// about 1.5% of an order's CPU and 4% of what it allocates (issue 31). hono's RegExpRouter answers a
// static path with one prepared answer too; an answer is only read.
import type { Result, Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";

/** Paths remembered at most; past it they are all forgotten, so a flood of odd paths costs little. */
const MAX_PATHS = 1000;

export class MatchedRoutes<T> implements Router<T> {
  name = "MatchedRoutes";
  #inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] });
  #matched = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T) {
    this.#matched.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.#matched.get(key);
    if (known) return known;
    const result = this.#inner.match(method, path);
    if (withoutParams(result)) {
      if (this.#matched.size >= MAX_PATHS) this.#matched.clear();
      this.#matched.set(key, result);
    }
    return result;
  }
}

function withoutParams<T>(result: Result<T>) {
  if (result.length === 2) return result[1].length === 0;
  return result[0].every(([, params]) => Object.keys(params).length === 0);
}
