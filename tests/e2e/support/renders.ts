// What React rendered, commit by commit, read from the page through the hook React DevTools uses
// (React calls it in production builds too). A component is named by where it paints: the nearest
// `data-testid` at or above its first DOM node, since the production build renames functions.
import type { Page } from "playwright-core";

export interface Commit {
  /** ms since navigation start */
  at: number;
  /** Where each component that rendered in this commit paints (a data-testid, or "-"). */
  rendered: string[];
  /** Its function's name (only meaningful in an unminified build). */
  names: string[];
  /** The indexes of those that rendered with the props they had: for a state or context of theirs. */
  own: number[];
}

/** Installs the recorder before any script of the page runs. */
export function recordRenders(page: Page) {
  return page.addInitScript(install);
}

/** The commits so far; `clear` forgets them. */
export function commits(page: Page, clear = false): Promise<Commit[]> {
  return page.evaluate((clear) => {
    const w = globalThis as unknown as { __commits: Commit[] };
    const out = w.__commits.slice();
    if (clear) w.__commits.length = 0;
    return out;
  }, clear);
}

function install() {
  // Fiber tags (react-reconciler/src/ReactWorkTags.js) and the flag set on a fiber that rendered.
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const HOST = 5;
  const PERFORMED_WORK = 1;
  interface Fiber {
    tag: number;
    type: { name?: string; displayName?: string; render?: { name?: string } } | string | null;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    return: Fiber | null;
    alternate: Fiber | null;
    stateNode: unknown;
    memoizedProps: unknown;
  }
  const list: Commit[] = [];
  (globalThis as unknown as { __commits: Commit[] }).__commits = list;

  const firstNode = (fiber: Fiber): Element | null => {
    for (let f: Fiber | null = fiber; f; f = f.return) {
      for (let c: Fiber | null = f; c; c = c.child) {
        if (c.tag === HOST) return c.stateNode as Element;
      }
    }
    return null;
  };
  const nameOf = (fiber: Fiber) => {
    const type = fiber.type;
    if (!type || typeof type === "string") return "?";
    return type.displayName ?? type.name ?? type.render?.name ?? "?";
  };
  const walk = (next: Fiber, prev: Fiber | null, out: Fiber[]) => {
    if (COMPONENT_TAGS.has(next.tag) && (!prev || (next.flags & PERFORMED_WORK) !== 0)) {
      out.push(next);
    }
    // Children the parent did not reconcile were not rendered in this commit.
    if (prev && next.child === prev.child) return;
    for (let c = next.child; c; c = c.sibling) walk(c, c.alternate, out);
  };
  (globalThis as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      const rendered: Fiber[] = [];
      walk(root.current, root.current.alternate, rendered);
      list.push({
        own: rendered.flatMap((f, i) =>
          f.alternate && f.memoizedProps === f.alternate.memoizedProps ? [i] : []
        ),
        at: Math.round(performance.now()),
        rendered: rendered.map((f) =>
          firstNode(f)?.closest("[data-testid]")?.getAttribute("data-testid") ?? "-"
        ),
        names: rendered.map(nameOf),
      });
    },
  };
}
