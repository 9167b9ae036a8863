// The call board shown (docs/calls.md#call-board-and-history): the board GET /calls/:id answered, with each
// recipient's line replaced as the socket's `call-board` events arrive. Events that come while the
// board is still loading are kept and laid over the answer, so a line never steps back.
import { proxy } from "valtio";
import type { CallBoard, RecipientState } from "../../../server/calls/board.shared.ts";
import type { BoardRecipient, CallBoardEvent } from "../../../server/realtime/call-board.shared.ts";
import { can } from "../../../server/auth/roles.shared.ts";
import { onSignOut, session } from "../session/store.ts";
import { errorText } from "../ui/error-text.ts";
import { fetchBoard } from "./board-api.ts";
import { boardMessages } from "./board-messages.ts";

/** A line's progress (board.shared.ts RECIPIENT_STATES): an older answer never undoes a newer. */
const RANK: Record<RecipientState, number> = {
  notified: 0,
  seen: 1,
  traded: 2,
  refused: 2,
  missed: 2,
};

export const initialBoard = () => ({
  callId: null as string | null,
  board: null as CallBoard | null,
  loading: false,
  error: null as string | null,
  /** The floating board (the caller's, opened by CALL) is shown; the /calls/:id page shows it too. */
  floating: false,
  /** This device's clock when the call ends: known when this device sent it (clocks differ). */
  endsAt: null as number | null,
});

export const board = proxy(initialBoard());

/** Events for the board being loaded, by recipient. */
let early = new Map<number, CallBoardEvent>();
/** Calls whose floating board the viewer closed: their later events do not bring it back. */
const closed = new Set<string>();

function newer(line: BoardRecipient, than: BoardRecipient | undefined) {
  return !than || RANK[line.state] >= RANK[than.state];
}

function apply(target: CallBoard, event: CallBoardEvent) {
  const at = target.recipients.findIndex((r) => r.userId === event.recipient.userId);
  if (at < 0) target.recipients.push(event.recipient);
  else if (newer(event.recipient, target.recipients[at])) target.recipients[at] = event.recipient;
  else return;
  target.totals = event.totals;
}

/** Shows call `callId`'s board: loads it, and keeps it live from the socket from now on. */
export async function showBoard(
  callId: string,
  opts: { endsAt?: number; floating?: boolean } = {},
) {
  if (board.callId !== callId) {
    Object.assign(board, initialBoard());
    early = new Map();
  }
  board.callId = callId;
  if (opts.endsAt !== undefined) board.endsAt = opts.endsAt;
  if (opts.floating) board.floating = true;
  board.loading = true;
  board.error = null;
  try {
    const loaded = await fetchBoard(callId);
    if (board.callId !== callId) return;
    for (const event of early.values()) apply(loaded, event);
    early = new Map();
    board.board = loaded;
  } catch (err) {
    if (board.callId === callId) {
      board.error = errorText(err, boardMessages.translate("board.loadFailed"));
    }
  } finally {
    if (board.callId === callId) board.loading = false;
  }
}

/**
 * Admins watch every call: another call's first event opens its board, floating, unless they
 * closed it or a page shows a board (/calls/:id keeps its own).
 */
function watches(callId: string) {
  const user = session.user;
  return !!user && can(user.role, "calls.viewAll") && !closed.has(callId) &&
    (!board.callId || board.floating);
}

/** A `call-board` socket event: the shown board takes it, line by line. */
export function applyBoardEvent(event: CallBoardEvent) {
  if (event.callId !== board.callId) {
    if (!watches(event.callId)) return;
    void showBoard(event.callId, { floating: true });
  }
  if (board.board) apply(board.board, event);
  else {
    const held = early.get(event.recipient.userId);
    if (!held || newer(event.recipient, held.recipient)) early.set(event.recipient.userId, event);
  }
}

/**
 * Reads the shown board again, quietly: open positions' result moves with the price. A line an
 * event moved on meanwhile keeps the event's state.
 */
export async function refreshBoard() {
  const callId = board.callId;
  if (!callId || !board.board) return;
  try {
    const loaded = await fetchBoard(callId);
    const shown = board.board;
    if (board.callId !== callId || !shown) return;
    loaded.recipients = loaded.recipients.map((line) => {
      const current = shown.recipients.find((r) => r.userId === line.userId);
      return current && !newer(line, current) ? { ...current } : line;
    });
    board.board = loaded;
  } catch {
    // The next refresh or event will do.
  }
}

export function closeFloatingBoard() {
  if (board.callId) closed.add(board.callId);
  board.floating = false;
}

onSignOut(() => {
  early = new Map();
  closed.clear();
  Object.assign(board, initialBoard());
});
