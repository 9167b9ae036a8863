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

  "keys.missing": "Please update Key/Secret for {{exchange}} first",
  "keys.nothingToUpdate": "No key or secret to update",
  "keys.undecryptable": "{{field}}: could not be decrypted; reload the page and try again",

  "trading.unavailable": "Trading is not available on this server",
  "trading.ownOnly": "You can only trade for yourself",
  "trading.unknownPair": 'pair: unknown pair "{{pair}}"',
  "trading.pairNotOnExchange": "pair: {{pair}} is not traded on {{exchange}}",
  "trading.exchangeUnsupported": "exchange: trading on {{exchange}} is not supported",
  "trading.noPrice": "No market price for {{pair}} on {{exchange}} yet",
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
  "transactions.onlyBuyToSell": "Only a BUY transaction can become a SELL",
  "transactions.generateOwnOnly": "You can only generate your own transactions",
  "calls.unknownCall": 'callId: unknown call "{{callId}}"',
  "calls.unknownTarget": 'Unknown call target "{{target}}".',
  "realtime.unavailable": "Realtime is not running here.",
  "market.unavailable": "Market data is not available",

  "shiftReports.alreadyToday": "You already saved a shift report today (report {{id}}).",
  "shiftReports.notFound": "Shift report {{id}} not found",
  "shiftReports.todayOnly": "You can edit only your shift report of today.",
  "shifts.notFound": "Shift {{id}} not found",
  "shifts.unknownUser": "users: no user with id {{id}}",
  "halts.notFound": "Halt {{id}} not found or already released.",
  "halts.all": "Trading is halted: {{reason}}",
  "halts.exchange": "Trading on {{exchange}} is halted: {{reason}}",
  "halts.user": "Your trading is halted: {{reason}}",
  "limits.perOrder":
    "Limit per order on {{exchange}} exceeded: {{amount}} is above your maximum of {{max}}",
  "limits.perDay":
    "Limit per day on {{exchange}} exceeded: {{amount}} would bring today's total to {{total}}, above your maximum of {{max}}",

  "botKeys.notFound": "Bot key {{id}} not found",
  "botKeys.keyAndSecretRequired": "Both key and secret are required",
  "botKeys.nothingToUpdate": "Nothing to update",
  "botKeys.nameTaken": 'A {{exchange}} bot key named "{{username}}" already exists',
  "botKeys.wrongExchange": "exchange: bot key {{id}} is a {{actual}} key, not {{exchange}}",

  "reports.regexBackReferences": "userRegex: back-references (\\1 ... \\9) are not supported",
  "reports.regexInvalid": "userRegex: {{detail}}",
  "reports.regexTimeout": "userRegex: the pattern took longer than {{ms}} ms to run",

  "yahoo.unexpectedAnswer": "Yahoo Finance sent an unexpected answer (HTTP {{status}}).",
  "yahoo.error": "Yahoo Finance: {{detail}}",
  "yahoo.httpError": "Yahoo Finance answered HTTP {{status}}.",
  "api.bodyTooLarge": "Request body too large: the limit is {{limit}}.",
  "auth.tryAgainIn": "Too many failed attempts. Try again in {{seconds}} seconds.",
  "transactions.doneIsFinal": "A DONE transaction is final: only an Admin can change it.",
  "transactions.pricesAdminOnly":
    "Prices and amounts are set by the server: only an Admin can change them.",
  "trading.amountOverCap": "amount: at most your trading amount, {{cap}}",
  "trading.targetOutOfRange": "{{field}}: between {{low}} and {{high}}",
  "trading.typedPriceRange": "marketPrice: a typed price is above 0 and at most {{max}}",
} as const;

export type MessageCode = keyof typeof SERVER_MESSAGES;
export type MessageParams = Record<string, string | number>;

/** A message by code, with its params and its English text. */
export interface CodedMessage {
  code: MessageCode;
  params: MessageParams;
  text: string;
}

export function fillParams(template: string, params: MessageParams) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => String(params[name] ?? ""));
}

export function msg(code: MessageCode, params: MessageParams = {}): CodedMessage {
  return { code, params, text: fillParams(SERVER_MESSAGES[code], params) };
}

/** The JSON an error answers with: `{ message, code, params }`. */
export const answer = ({ text, code, params }: CodedMessage, field?: string) => ({
  message: text,
  code,
  params,
  ...(field === undefined ? {} : { field }),
});
