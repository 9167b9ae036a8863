// English left in the other languages' messages that the screens' check
// (tests/e2e/translations.test.ts) lets through as names: "keys" (it allows the spec's Key/Secret)
// and BUY/SELL (it allows them as statuses), where they are words of the sentence.
import assert from "node:assert/strict";
import { glob } from "node:fs/promises";
import { languageLoaded } from "../../web/src/i18n/index.ts";
import { callsMessages } from "../../web/src/calls/messages.ts";
import { tradingMessages } from "../../web/src/trading/messages.ts";

const WEB = new URL("../../web/src/", import.meta.url).pathname;
const LANGS = ["zh", "es", "fr", "it"] as const;

Deno.test("no message of es, fr or it says 'keys' in English", async () => {
  const left: string[] = [];
  for (const lang of ["es", "fr", "it"]) {
    for await (const file of glob(`**/*.${lang}.ts`, { cwd: WEB })) {
      const { default: messages } = await import(`${WEB}${file}`);
      for (const [key, text] of Object.entries(messages as Record<string, string>)) {
        // {{keys}} is a placeholder, not a word shown.
        if (/\bkeys\b/i.test(text.replace(/\{\{\w+\}\}/g, ""))) {
          left.push(`${file} ${key}: ${text}`);
        }
      }
    }
  }
  assert.deepEqual(left, []);
});

Deno.test("the call notice names the open side as the trader's BUY or SELL button does", async () => {
  for (const lang of LANGS) await languageLoaded(lang);
  for (const lang of LANGS) {
    for (const [notice, button] of [["sideBuy", "buy"], ["sideSell", "sell"]] as const) {
      const text = callsMessages.translate(`calls.${notice}`, { mode: "x" }, lang);
      const word = tradingMessages.translate(`trading.${button}`, {}, lang);
      assert.ok(text.startsWith(word), `${lang}: "${text}" does not name "${word}"`);
    }
  }
});
