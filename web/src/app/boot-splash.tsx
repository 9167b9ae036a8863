// index.html's splash (its styles are inline there), kept on screen while the first page's code
// loads: the same markup, so React taking over the page changes nothing the user sees.
import { commonMessages } from "../i18n/common-messages.ts";

export function BootSplash() {
  const t = commonMessages.useT();
  return (
    <>
      <div className="boot-bar">Gate Bot</div>
      <main className="boot-main">
        <div className="boot-spin" role="status" aria-label={t("common.loading")} />
      </main>
    </>
  );
}
