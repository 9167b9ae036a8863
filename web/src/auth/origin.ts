// Where a signed-out visitor was going, so sign-in can take them back there.
export function loginHref(origin: string) {
  return origin && origin !== "/" && origin !== "/login"
    ? `/login?from=${encodeURIComponent(origin)}`
    : "/login";
}

/** Only same-site paths: an open redirect would let a link send staff anywhere after sign-in. */
export function originFrom(search: string) {
  const from = new URLSearchParams(search).get("from") ?? "";
  return from.startsWith("/") && !from.startsWith("//") ? from : "/dashboard";
}
