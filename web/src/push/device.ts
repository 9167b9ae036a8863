// This device's push subscription. Permission is asked only when the user turns notifications on.
// Signing out drops the subscription, so a shared device stops ringing for the last user (the push
// service then answers 410 and the server forgets it).
import { locale } from "../i18n/index.ts";
import { onSignOut } from "../session/store.ts";
import { addSubscription, publicKey, removeSubscription } from "./api.ts";

export type DeviceState = "unsupported" | "denied" | "on" | "off";

const supported = () =>
  "serviceWorker" in navigator && "PushManager" in globalThis && "Notification" in globalThis;

async function current() {
  const registration = await navigator.serviceWorker.getRegistration();
  return await registration?.pushManager.getSubscription() ?? null;
}

export async function deviceState(): Promise<DeviceState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return (await current()) && Notification.permission === "granted" ? "on" : "off";
}

export async function enableOnDevice(): Promise<DeviceState> {
  if (!supported()) return "unsupported";
  if (await Notification.requestPermission() !== "granted") return "denied";
  const registration = await navigator.serviceWorker.ready;
  const { publicKey: key } = await publicKey();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: fromBase64Url(key),
  });
  const { endpoint, keys } = subscription.toJSON();
  await addSubscription({
    endpoint: endpoint!,
    keys: { p256dh: keys!.p256dh, auth: keys!.auth },
    lang: locale.lang,
  });
  return "on";
}

export async function disableOnDevice(): Promise<DeviceState> {
  const subscription = await current();
  if (subscription) {
    await removeSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return "off";
}

function fromBase64Url(text: string) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64 + "=".repeat((4 - b64.length % 4) % 4)), (c) => c.charCodeAt(0));
}

onSignOut(() => {
  if (supported()) void current().then((s) => s?.unsubscribe()).catch(() => {});
});
