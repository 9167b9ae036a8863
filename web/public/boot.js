// Runs before the app loads (a file, not inline, so the CSP's script-src 'self' allows it): the
// page's lang and the spinner's label in the chosen language.
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
}
