// Runs before the app loads (a file, not inline, so the CSP's script-src 'self' allows it): the
// page's lang and the spinner's label in the chosen language, and the code this load will run
// after the entry script asked for now, in parallel with it (web/first-load-preloads.ts).
{
  const labels = {
    en: "Loading",
    zh: "加载中",
    es: "Cargando",
    fr: "Chargement",
    it: "Caricamento",
  };
  const saved = localStorage.getItem("gatebot.lang");
  const lang = Object.hasOwn(labels, saved) ? saved : "en";
  document.documentElement.lang = lang;
  document.getElementById("boot-spin").setAttribute("aria-label", labels[lang]);

  const files = JSON.parse(document.getElementById("first-load")?.textContent || "{}");
  const signedIn = localStorage.getItem("gatebot.session") !== null;
  const needs = [
    signedIn ? "signedIn" : "login",
    ...(lang === "en" ? [] : [`messages-${lang}`]),
  ];
  for (const file of needs.flatMap((need) => files[need] ?? [])) {
    const link = document.createElement("link");
    const css = file.endsWith(".css");
    link.rel = css ? "preload" : "modulepreload";
    if (css) link.as = "style";
    // As the entry's own loader asks for them, so the browser reuses these fetches.
    link.crossOrigin = "";
    link.href = `/${file}`;
    document.head.append(link);
  }
}
