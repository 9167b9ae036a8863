// The looping alert of a call: the bundled alert.wav (made by generate-alert-sound.ts).
import { calls } from "./store.ts";

let audio: HTMLAudioElement | null = null;

export const ring = {
  start() {
    audio ??= Object.assign(new Audio(new URL("./alert.wav", import.meta.url).href), {
      loop: true,
    });
    audio.currentTime = 0;
    // A page the user never touched may refuse to play; the notice still shows.
    audio.play().catch(() => {});
    calls.ringing = true;
  },
  stop() {
    audio?.pause();
    calls.ringing = false;
  },
};
