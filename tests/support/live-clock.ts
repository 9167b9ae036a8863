import { ManualClock } from "../../server/core/clock.ts";

/** Real time that a test can still jump forward (a browser test cannot stop the clock). */
export class LiveClock extends ManualClock {
  private offset = 0;
  override now() {
    return new Date(Date.now() + this.offset);
  }
  override advance(ms: number) {
    this.offset += ms;
  }
  override set(date: Date) {
    this.offset = date.getTime() - Date.now();
  }
}
