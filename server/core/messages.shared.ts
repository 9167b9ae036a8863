// Every message the server words for a person, by a stable code. The English text is the spec's
// wording and what the API answers in `message`; errors also carry `code` and `params`, so the
// client shows the message in the user's language (web/src/errors/server-messages.ts holds the
// other four, and a test checks each code has all five). Params fill `{{name}}`.
export const SERVER_MESSAGES = {
  "api.notFound": "Not found: {{method}} {{path}}",
  "api.malformedJson": "Malformed JSON body",
  "api.internal": "Internal Server Error",
  "api.unauthorized": "Unauthorized",
  "api.forbidden": "Forbidden",
  "api.notFoundPlain": "Not found",
  "validation.field": "{{field}}: {{issue}}",
  "validation.invalid": "{{issue}}",

  "auth.badLogin": "Invalid username, password or code.",
  "auth.tooManyAttempts": "Too many failed sign-in attempts. Try again later.",
  "auth.finishEnrolment": "Finish two-factor enrolment first.",
  "auth.totpAlreadySet": "Two-factor sign-in is already set up.",
  "auth.generateQrFirst": "Generate a QR code first.",
  "auth.invalidCode": "Invalid code.",
  "auth.oldPasswordWrong": "Old password is incorrect.",
  "auth.resetTokenInvalid": "The reset token is invalid or has expired.",
  "auth.loggedOut": "Logged out",
  "auth.passwordChanged": "Change Password Success",
  "auth.forgotRecorded": "Your request was recorded. An administrator will reset your access.",
  "auth.resetTokenIssued": "Reset token issued.",
  "auth.passwordReset": "Password reset. Sign in with the new password.",
  "auth.totpReset": "Two-factor sign-in reset. The user enrols again at the next sign-in.",

  "users.notFound": "User {{id}} not found.",
  "users.notFoundPlain": "User not found",
  "users.usernameNotFound": 'User "{{username}}" not found.',
  "users.usernameTaken": 'Username "{{username}}" is already taken.',
  "users.emailTaken": 'Email "{{email}}" is already in use.',
  "users.emailSearchAdminOnly": "Only an Admin may search by email.",
  "users.ownSettingsOnly": "You may change only your own settings.",
  "users.adminOnlyFields": "Only an Admin may change {{fields}}.",
  "users.botSelectLeadOnly": "Bot keys are selected by Lead and above only.",
  "users.unknownBotKey": "Unknown bot key: {{ids}}",
  "users.cannotDeleteSelf": "You cannot delete your own account.",
  "users.useChangePassword": "Use Change Password for your own account.",
  "users.aboveOwnRole": "You cannot act on a user at or above your own role.",
  "users.roleAboveOwn": "You cannot give a role above your own.",
  "users.lastSuperAdmin.demote": "Cannot demote the last SuperAdmin.",
  "users.lastSuperAdmin.delete": "Cannot delete the last SuperAdmin.",
  "users.ownFundsOnly": "You may read only your own funds.",
  "users.deleted": "User deleted.",

  "keys.missing": "Please update Key/Secret for {{exchange}} first",
  "keys.nothingToUpdate": "No key or secret to update",
  "keys.undecryptable": "{{field}}: could not be decrypted; reload the page and try again",

  "trading.ownOnly": "You can only trade for yourself",
  "trading.unknownPair": 'pair: unknown pair "{{pair}}"',
  "trading.pairNotOnExchange": "pair: {{pair}} is not traded on {{exchange}}",
  "trading.exchangeUnsupported": "exchange: trading on {{exchange}} is not supported",
  "trading.noPrice": "No market price for {{pair}} on {{exchange}} yet",
  "trading.stalePrice":
    "The {{pair}} price on {{exchange}} is {{age}} s old (at most {{max}} s to trade): the feed is not updating. Try again when the price is live.",
  "trading.assetIdRequired": "assetId: required for NFT pairs",
  "trading.sideNotInBotMode": "{{side}} is not active in bot mode {{mode}}",
  "trading.sideOnlyDuringCall": "{{side}} is active only during a call",
  "trading.buyPricePositive": "buyPrice: must be above 0",
  "trading.sellPricePositive": "sellPrice: must be above 0",
  "trading.amountTooSmall": "amount: too small to buy anything",
  "trading.nothingToSell": "{{field}} is 0: nothing to sell",
  "trading.exchangeNoAnswer": "{{exchange}} did not answer: {{detail}}",
  "trading.orderPending":
    "{{exchange}} has not confirmed order {{clientOrderId}} yet. It is recorded as pending and checked again until {{exchange}} tells whether it filled.",
  "transactions.notFound": "Transaction not found",
  "transactions.deleted": "Deleted",
  "transactions.onlyBuyToSell": "Only a BUY transaction can become a SELL",
  "transactions.generateOwnOnly": "You can only generate your own transactions",
  "desk.notOpen": "Transaction {{id}} is not open: it is closed or being closed.",
  "desk.notClosable":
    "Transaction {{id}} was recorded without an exchange order: set its status instead.",
  "desk.sinceRange": "since: must be within the last 48 hours",
  "calls.unknownCall": 'callId: unknown call "{{callId}}"',
  "calls.unknownTarget": 'Unknown call target "{{target}}".',
  "realtime.unavailable": "Realtime is not running here.",
  "market.unavailable": "Market data is not available",
  "health.stalePrices": "Stale prices, not traded on: {{pairs}}",

  "shiftReports.alreadyToday": "You already saved a shift report today (report {{id}}).",
  "shiftReports.notFound": "Shift report {{id}} not found",
  "shiftReports.todayOnly": "You can edit only your shift report of today.",
  "shifts.notFound": "Shift {{id}} not found",
  "shifts.unknownUser": "users: no user with id {{id}}",
  "halts.notFound": "Halt {{id}} not found or already released.",
  "reconciliation.notAcknowledgeable":
    "Check {{id}} is not an unacknowledged drift, or its account has been checked since.",
  "halts.all": "Trading is halted: {{reason}}",
  "halts.exchange": "Trading on {{exchange}} is halted: {{reason}}",
  "halts.user": "Your trading is halted: {{reason}}",
  "limits.perOrder":
    "Limit per order on {{exchange}} exceeded: {{amount}} is above your maximum of {{max}}",
  "limits.perDay":
    "Limit per day on {{exchange}} exceeded: {{amount}} would bring today's total to {{total}}, above your maximum of {{max}}",

  "botKeys.notFound": "Bot key {{id}} not found",
  "botKeys.deleted": "Bot key deleted.",
  "botKeys.keyAndSecretRequired": "Both key and secret are required",
  "botKeys.nothingToUpdate": "Nothing to update",
  "botKeys.nameTaken": 'A {{exchange}} bot key named "{{username}}" already exists',
  "botKeys.wrongExchange": "exchange: bot key {{id}} is a {{actual}} key, not {{exchange}}",
  "botKeys.balanceError": "{{exchange}}: {{detail}}",

  "reports.regexBackReferences": "userRegex: back-references (\\1 ... \\9) are not supported",
  "reports.regexInvalid": "userRegex: {{detail}}",
  "reports.regexTimeout": "userRegex: the pattern took longer than {{ms}} ms to run",

  "yahoo.unexpectedAnswer": "Yahoo Finance sent an unexpected answer (HTTP {{status}}).",
  "yahoo.error": "Yahoo Finance: {{detail}}",
  "yahoo.httpError": "Yahoo Finance answered HTTP {{status}}.",
  "api.bodyTooLarge": "Request body too large: the limit is {{limit}}.",
  "auth.tryAgainIn": "Too many failed attempts. Try again in {{seconds}} seconds.",
  "auth.accountSlowed":
    "Too many failed sign-ins to this account. Sign in with the right password and a current code from your authenticator app, or try again in {{seconds}} seconds.",
  "transactions.doneIsFinal": "A DONE transaction is final: only an Admin can change it.",
  "transactions.pricesAdminOnly":
    "Prices and amounts are set by the server: only an Admin can change them.",
  "trading.amountOverCap": "amount: at most your trading amount, {{cap}}",
  "trading.targetOutOfRange": "{{field}}: between {{low}} and {{high}}",
  "trading.notClosableBuy":
    "amount: {{pair}} bought for this could not be sold back on {{exchange}}: after the {{fee}}% fee and the exchange's step the close would be {{quantity}} {{base}} ({{value}} {{quote}}), under its minimum of {{minimum}}. The smallest amount that can be bought and closed is {{smallest}} {{quote}}.",
  "trading.notClosableSell":
    "{{pair}} sold in this quantity could not be bought back on {{exchange}}: after the {{fee}}% fee and the exchange's step the buy-back would be {{quantity}} {{base}} ({{value}} {{quote}}), under its minimum of {{minimum}}. The smallest quantity that can be sold and bought back is {{smallest}} {{base}}.",
  "trading.typedPriceRange": "marketPrice: a typed price is above 0 and at most {{max}}",

  "input.id": "Must be an id",
  "input.nul": "must not contain a NUL character",
  "input.invalidUnicode": "must be valid Unicode text",
  "input.tooDeep": "Nested too deeply: at most {{max}} levels",
  "input.timeMs": "Must be a time in epoch milliseconds",
  "input.timeMsOrIso": "Must be a time (epoch milliseconds or ISO date-time)",
  "input.startAfterEnd": "start must not be after end",
  "input.period1BeforePeriod2": "period1 must be before period2",
  "input.decimal8": "Must be a number with at most 8 decimals",
  "input.decimal8Range": "Must be between 0 and {{max}} with at most 8 decimals",
  "input.nonNegative": "must be a non-negative number",
  "input.nothingToUpdate": "Nothing to update",
  "input.atLeastOneField": "Send at least one field to change.",
  "input.quietHoursBoth": "Set both ends of the quiet hours, or neither",
  "input.unknownPair": "Unknown pair",
  "input.userId": "Invalid user id",
  "input.resetToken": "Invalid reset token",
  "input.epochSeconds": "must be epoch seconds",
  "input.pushKey": "Not a valid push key",
  "input.botExchange": "Must be gate, binance or houbi",
  "input.hash": "Invalid hash",
  "input.email": "Invalid email address",
  "input.usernameShort": "Username must be at least 5 characters",
  "input.usernamePattern": "Username may use only 3-30 letters, digits, _ or -",
  "input.passwordsMatch": "Passwords must match.",
  "input.password": "Please enter your password",
  "input.passwordMin": "Password must be at least 6 characters",
  "input.totpCode": "Enter the 6-digit code",
  "input.numberOfTran": "Must be a whole number from 1 to {{max}}",
  "input.amount8": "Must be a number of at least 0 with at most 8 decimals",
  "input.atMostChars": "At most {{max}} characters",
  "input.wholeHours": "Whole hours only",
  "input.hours24": "Between 0 and 24 hours",
  "input.amountAbove0": "Enter an amount above 0",
  "input.clock": "Use HH:MM",
  "input.timeZone": "Unknown time zone",
  "zod.required": "Required",
  "zod.type": "Invalid value: expected {{expected}}",
  "zod.tooLong": "Too long: at most {{maximum}} characters",
  "zod.tooShort": "Too short: at least {{minimum}} characters",
  "zod.tooMany": "Too many: at most {{maximum}} items",
  "zod.tooFew": "Too few: at least {{minimum}} items",
  "zod.tooBig": "Too big: at most {{maximum}}",
  "zod.tooBigExclusive": "Too big: must be below {{maximum}}",
  "zod.tooSmall": "Too small: at least {{minimum}}",
  "zod.tooSmallExclusive": "Too small: must be above {{minimum}}",
  "zod.oneOf": "Must be one of: {{values}}",
  "zod.format": "Invalid format: expected {{format}}",
  "zod.multipleOf": "Must be a multiple of {{divisor}}",
  "zod.unknownKeys": "Unknown fields: {{keys}}",
  "zod.invalid": "Invalid value",
  "zod.typeName.string": "string",
  "zod.typeName.number": "number",
  "zod.typeName.int": "int",
  "zod.typeName.boolean": "boolean",
  "zod.typeName.bigint": "bigint",
  "zod.typeName.symbol": "symbol",
  "zod.typeName.undefined": "undefined",
  "zod.typeName.null": "null",
  "zod.typeName.never": "never",
  "zod.typeName.void": "void",
  "zod.typeName.date": "date",
  "zod.typeName.array": "array",
  "zod.typeName.object": "object",
  "zod.typeName.tuple": "tuple",
  "zod.typeName.record": "record",
  "zod.typeName.map": "map",
  "zod.typeName.set": "set",
  "zod.typeName.file": "file",
  "zod.typeName.nonoptional": "nonoptional",
  "zod.typeName.nan": "nan",
  "zod.typeName.function": "function",
  "api.upgradeExpected": "Expected a WebSocket upgrade.",
  "api.requestFailed": "Request failed",

  "unavailable.dbBusy": "Service unavailable: the database was busy. Please try again.",
  "unavailable.dbSlow": "Service unavailable: the database took too long. Please try again.",
  "unavailable.dbUnreachable":
    "Service unavailable: the database cannot be reached. Please try again.",
  "unavailable.dbNoAnswer": "Service unavailable: the database does not answer ({{detail}})",
  "unavailable.abandoned": "Service unavailable: the request was abandoned or took too long",
  "unavailable.stopping": "Service unavailable: the server is stopping",
  "push.notSetUp": "Push notifications are not set up here",

  "generateDone.noCall": 'callId: no call "{{callId}}" to this user',
  "generateDone.notExpired": "callId: the call has not expired yet",
  "generateDone.tooLate": "callId: the call expired too long ago",

  "media.empty": "file: empty",
  "media.tooLarge": "file: larger than {{mb}} MB",
  "media.wrongType": "file: only PNG, JPEG, GIF, WebP images and PDF",
  "media.notFound": "Media not found",
  "media.multipartExpected": "Expected multipart/form-data with a file field",
  "media.fileRequired": "file: required",

  "socket.originNotAllowed": "Origin not allowed: {{origin}}",
  "socket.tooMany": "Too many open sockets for this user.",
  "socket.tooManyFromAddress": "Too many open sockets from this network address.",
  "socket.serverStopping": "Server stopping",
  "socket.sessionEnded": "Session ended",
  "socket.sessionExpired": "Session expired",
  "socket.accountRemoved": "Account removed",
  "socket.frameTooLarge": "Frame too large",
  "socket.binaryRefused": "Binary frames are not accepted",
  "socket.tooSlow": "Too slow",

  "yahoo.lookBack":
    "Interval {{interval}} reaches back only {{days}} days: start on or after {{day}}.",
  "yahoo.span":
    "Interval {{interval}} covers at most {{days}} days per request: choose a shorter range.",

  "exchange.minimumOrder": "Minimum order on {{exchange}} {{pair}} is {{minimum}}",
  "exchange.maximumOrder": "Maximum order on {{exchange}} {{pair}} is {{maximum}}",
  "exchange.unreachable": "{{exchange}} is unreachable: {{detail}}",
  "exchange.timedOut": "{{exchange}} is unreachable: timed out",
  "exchange.httpStatus": "{{exchange}} answered HTTP {{status}}",
  "exchange.cancelledOrder": "{{exchange}} cancelled order {{orderId}}",
  "exchange.notTaken": "{{exchange}} did not take order {{orderId}} ({{detail}})",
  "exchange.notConfirmed": "{{exchange}} did not confirm order {{orderId}} ({{detail}})",
  "exchange.checkOrder":
    "{{exchange}} did not confirm order {{orderId}} ({{detail}}). Check order {{orderId}} on {{exchange}} before placing it again.",
  "exchange.insufficientFunds":
    "Insufficient balance: {{needed}} {{asset}} needed, {{available}} {{asset}} available",
  "exchange.insufficientBalance": "Insufficient balance on {{exchange}} for this order",
  "exchange.filterFailure": "{{exchange}} refused the order's quantity or price: {{detail}}",
  "exchange.clockSkew": "{{exchange}} refused the request's time: {{detail}}",
  "exchange.badKey": "{{exchange}} refused the API key: {{detail}}",
  "exchange.refused": "{{detail}}",
  "exchange.limitNeedsPrice": "A limit order needs a price",
  "exchange.noMarketPrice": "No market price for {{pair}} yet",
  "exchange.notPositive": "Quantity and price must be positive",
  "exchange.notTraded": "{{exchange}} does not trade {{pair}}",
  "exchange.unknownPair": 'Unknown pair "{{pair}}"',
  "exchange.unsupported": "Trading on {{exchange}} is not supported",
  "bots.failed": "{{bot}}: {{failure}}",
  "bots.allFailed": "{{details}}",
  "worker.unclear":
    "{{reason}}. Check order {{orderId}} on {{exchange}}, then set the transaction's status.",
  "worker.interrupted": "the closing order was interrupted",
  "idempotency.badKey": '{{header}}: 1 to 100 letters, digits, "-", "_", ":" or "."',
  "idempotency.reused": "{{header}}: already used for {{route}}; send a new key for each request",
  "idempotency.bodyChanged":
    "{{header}}: {{key}} was already used with a different request; send a new key for each request",
  "idempotency.running":
    "The first request with this Idempotency-Key is still running; try again in a moment",
} as const;

export type MessageCode = keyof typeof SERVER_MESSAGES;
export type MessageParams = Record<string, string | number>;

/** A message by code, with its params and its English text. */
export interface CodedMessage {
  code: MessageCode;
  params: MessageParams;
  text: string;
  /** A message listing others one a line (`listing`): each of them, coded. */
  lines?: Said[];
}

export function fillParams(template: string, params: MessageParams) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => String(params[name] ?? ""));
}

export function msg(code: MessageCode, params: MessageParams = {}): CodedMessage {
  return { code, params: withWords(code, params), text: fillParams(SERVER_MESSAGES[code], params) };
}

// Params whose value is itself a word of the catalogue (zod's type names, "zod.typeName.<name>"):
// each goes along as `<name>Code` too, like a wrapped message, so the client words it as well.
const WORDS: { [C in MessageCode]?: Record<string, string> } = {
  "zod.type": { expected: "zod.typeName." },
};

function withWords(code: MessageCode, params: MessageParams): MessageParams {
  const out = { ...params };
  for (const [name, prefix] of Object.entries(WORDS[code] ?? {})) {
    const word = `${prefix}${params[name]}`;
    if (Object.hasOwn(SERVER_MESSAGES, word)) out[`${name}Code`] = word;
  }
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// The shared zod schemas say their issues in English (the client's forms show them too); each is
// an "input." message, zod's own issue as a "zod." one (zod-messages.ts), or a refusal the server
// also throws, known again by its text.
const SCHEMA_SAYS = new Set<string>(["users.roleAboveOwn"]);
const ISSUES = Object.entries(SERVER_MESSAGES).flatMap(([code, template]) =>
  code.startsWith("input.") || (code.startsWith("zod.") && !code.startsWith("zod.typeName.")) ||
    SCHEMA_SAYS.has(code)
    ? [{
      code: code as MessageCode,
      names: [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]),
      pattern: new RegExp(`^${escape(template).replace(/\\\{\\\{\w+\\\}\\\}/g, "(.+?)")}$`),
    }]
    : []
);

/** The "input." message a schema issue's text is, with its params; undefined for any other. */
export function issueMessage(text: string): CodedMessage | undefined {
  for (const { code, names, pattern } of ISSUES) {
    const found = pattern.exec(text);
    if (found) {
      const params = Object.fromEntries(names.map((n, i) => [n, found[i + 1]]));
      return { code, text, params: withWords(code, params) };
    }
  }
  return undefined;
}

/** A message as said: its English text, coded where we word it. */
export interface Saying {
  text: string;
  code?: MessageCode;
  params?: MessageParams;
}

/** A coded message as the client needs it to word it: code and params, no English. */
export type Said = Pick<CodedMessage, "code" | "params">;

/**
 * `code` wrapped around another coded message: its English text goes in as `name`, its code as
 * `<name>Code` and its params alongside (so `name` must be none of theirs), and the client words
 * both in the reader's language.
 */
export function wrapping(
  code: MessageCode,
  name: string,
  inner: Saying,
  params: MessageParams,
): CodedMessage {
  return msg(code, {
    ...inner.params,
    ...(inner.code ? { [`${name}Code`]: inner.code } : {}),
    ...params,
    [name]: inner.text,
  });
}

/**
 * `code` listing other coded messages one a line (each bot key's failure): their English texts
 * fill `details`, and each goes along coded in `lines`, so the client words every line.
 */
export function listing(code: MessageCode, lines: CodedMessage[]): CodedMessage {
  return {
    ...msg(code, { details: lines.map((line) => line.text).join("\n") }),
    lines: lines.map(({ code, params }) => ({ code, params })),
  };
}

/**
 * The JSON a message answers with: `{ message, code, params }` (a success's beside its data), and
 * `lines` for a listing.
 */
export const answer = ({ text, code, params, lines }: CodedMessage, field?: string) => ({
  message: text,
  code,
  params,
  ...(lines === undefined ? {} : { lines }),
  ...(field === undefined ? {} : { field }),
});
